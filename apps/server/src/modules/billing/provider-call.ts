import { AppError } from '../../lib/app-error';
import { PaymentsProviderError } from '../../providers/payments/payments';

/** A provider failure reaches the person as PAYMENT_ERROR (502), never as a 500. */
export async function provider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentsProviderError) throw new AppError('PAYMENT_ERROR', error.message);
    throw error;
  }
}

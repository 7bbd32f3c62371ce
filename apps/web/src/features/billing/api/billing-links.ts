import {
  customerPortalRoute,
  downloadInvoiceRoute,
  updatePaymentMethodRoute,
} from '@app/contract/billing/billing-links';
import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';

/** The provider's pages send the person back to the billing screen. */
const back = { returnPath: paths.billing };

export const useUpdatePaymentMethodLink = () =>
  useMutation({ mutationFn: () => apiRequest(updatePaymentMethodRoute, { body: back }) });

export const useCustomerPortalLink = () =>
  useMutation({ mutationFn: () => apiRequest(customerPortalRoute, { body: back }) });

export const useInvoiceDownload = () =>
  useMutation({ mutationFn: (id: string) => apiRequest(downloadInvoiceRoute, { params: { id } }) });

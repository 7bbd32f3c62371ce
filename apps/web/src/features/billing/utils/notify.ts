import { TOAST_MS } from '@app/contract/constants';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';

/**
 * A failed billing action: the spec's text for the action is the heading (spec §8), and the
 * server's own words, when it wrote some for people (a trial already used), say why.
 */
export function showFailure(actionText: string, error: unknown): void {
  const detail = errorText(error, actionText);
  notify({
    color: 'red',
    ...(detail !== actionText ? { title: actionText, message: detail } : { message: actionText }),
    autoClose: TOAST_MS.long,
  });
}

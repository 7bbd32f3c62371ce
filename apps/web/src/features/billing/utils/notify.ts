import { TOAST_MS } from '@app/contract/constants';
import { notifications } from '@mantine/notifications';
import i18n from 'i18next';
import { errorText } from '@/lib/error-text';

/**
 * A failed billing action: the spec's text for the action is the heading (spec §8), and the
 * server's own words, when it wrote some for people (a trial already used), say why.
 */
export function showFailure(actionText: string, error: unknown): void {
  const detail = errorText(error, actionText);
  notifications.show({
    color: 'red',
    ...(detail !== actionText ? { title: actionText, message: detail } : { message: actionText }),
    autoClose: TOAST_MS.long,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

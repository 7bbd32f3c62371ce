import { notifications } from '@mantine/notifications';
import i18n from 'i18next';

/**
 * A toast with a labelled close button; `ms` is how long it stays (spec §9 durations). Toasts
 * appear at the top unless a screen's spec says otherwise (integrations: at the bottom).
 */
export function showToast(
  color: 'green' | 'red',
  message: string,
  ms: number,
  position: 'top-center' | 'bottom-center' = 'top-center',
): void {
  notifications.show({
    color,
    message,
    autoClose: ms,
    position,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

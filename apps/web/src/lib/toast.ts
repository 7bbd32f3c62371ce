import { notifications } from '@mantine/notifications';
import i18n from 'i18next';

/** A toast with a labelled close button; `ms` is how long it stays (spec §9 durations). */
export function showToast(color: 'green' | 'red', message: string, ms: number): void {
  notifications.show({
    color,
    message,
    autoClose: ms,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

import type { NotificationData } from '@mantine/notifications';
import i18n from 'i18next';

// Mantine's notifications (their host, transitions, portal and drag handling: a fifth of a
// page's first load) load with the first toast. Their store is global, so a toast shown before
// the host has mounted appears as it mounts.
let hostWanted = false;
const hostListeners = new Set<() => void>();

/** For the provider: whether a toast has been asked for yet, and a way to hear when it is. */
export const toastHost = {
  wanted: () => hostWanted,
  subscribe(listener: () => void): () => void {
    hostListeners.add(listener);
    return () => hostListeners.delete(listener);
  },
};

/** Any toast, with a labelled close button. */
export function notify(data: NotificationData): void {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostListeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ closeButtonProps: { 'aria-label': i18n.t('common.close') }, ...data }),
  );
}

/**
 * A toast; `ms` is how long it stays (spec §9 durations). Toasts appear at the top unless a
 * screen's spec says otherwise (integrations: at the bottom).
 */
export function showToast(
  color: 'green' | 'red',
  message: string,
  ms: number,
  position: 'top-center' | 'bottom-center' = 'top-center',
): void {
  notify({ color, message, autoClose: ms, position });
}

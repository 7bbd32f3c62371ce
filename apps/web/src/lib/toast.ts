import type { NotificationData } from '@mantine/notifications';
import i18n from 'i18next';
import { useEffect, useRef } from 'react';

type ToastStore = ReturnType<typeof import('@mantine/notifications').createNotificationsStore>;

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

let pageEndStore: Promise<ToastStore> | null = null;

/**
 * Toasts a screen shows after its last row (integrations: the spec's "at the bottom") have a
 * store of their own, drawn by that screen's `<PageEndToasts />` in the page itself rather than
 * over it, so they never hide the row a person is about to use.
 */
export function pageEndToastStore(): Promise<ToastStore> {
  pageEndStore ??= import('@mantine/notifications').then((m) => m.createNotificationsStore());
  return pageEndStore;
}

/**
 * Any toast, with a labelled close button. One at a time: a new one replaces whatever is still
 * showing, so toasts never stack over a screen (a wrong code typed three times is one message).
 */
export function notify(data: NotificationData): void {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostListeners) listener();
  }
  void Promise.all([import('@mantine/notifications'), pageEndToastStore()]).then(
    ([{ notifications }, pageEnd]) => {
      notifications.clean();
      notifications.clean(pageEnd);
      const toast = { closeButtonProps: { 'aria-label': i18n.t('common.close') }, ...data };
      if (data.position === 'bottom-center') notifications.show(toast, pageEnd);
      else notifications.show(toast);
    },
  );
}

/**
 * A toast; `ms` is how long it stays (spec §9 durations). Toasts appear at the top, under the
 * screen's header, unless a screen's spec says otherwise (integrations: at the bottom, which is
 * after its last row).
 */
export function showToast(
  color: 'green' | 'red',
  message: string,
  ms: number,
  position: 'top-center' | 'bottom-center' = 'top-center',
): void {
  notify({ color, message, autoClose: ms, position });
}

/**
 * Marks a screen's header: toasts at the top appear just under it, never over its controls (Back,
 * the language switch, the menu). The header's bottom edge, measured whenever anything resizes,
 * is the `--toast-top` the toasts' stylesheet reads.
 */
export function useToastClearance<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const measure = () => {
      const top = `${header.offsetTop + header.offsetHeight}px`;
      // An unchanged value is left alone: setting one restyles the whole page.
      if (root.style.getPropertyValue('--toast-top') !== top) root.style.setProperty('--toast-top', top);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    observer.observe(document.body);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-top');
    };
  }, []);
  return ref;
}

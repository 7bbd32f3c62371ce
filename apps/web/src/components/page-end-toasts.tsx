import { TOAST_MS } from '@app/contract/constants';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { pageEndToastStore, toastHost } from '@/lib/toast';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

type ToastStore = Awaited<ReturnType<typeof pageEndToastStore>>;

/**
 * Where a screen's bottom toasts appear: in the page after its last row, held to the bottom of
 * the window when the page is longer (styles.css, `.page-end-toasts`). The space they take is the
 * page's own, so scrolling to the end always shows the last row above them.
 */
export function PageEndToasts() {
  const wanted = useSyncExternalStore(toastHost.subscribe, toastHost.wanted, () => false);
  const [store, setStore] = useState<ToastStore | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void pageEndToastStore().then((loaded) => {
      if (live) setStore(loaded);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  // A toast of this screen does not wait for the next visit to it.
  useEffect(
    () => () => {
      if (store)
        void import('@mantine/notifications').then(({ notifications }) => notifications.clean(store));
    },
    [store],
  );
  if (!store) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        store={store}
        withinPortal={false}
        position="bottom-center"
        limit={1}
        autoClose={TOAST_MS.default}
        className="page-end-toasts"
      />
    </Suspense>
  );
}

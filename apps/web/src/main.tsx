// The page's entry. The stylesheets are imported here so they stay in the page as render-blocking
// links. The app's code (start.tsx) runs once the browser has drawn what the page holds: the
// loading mark, or the screen the server drew ahead (spa-page.ts), which React then replaces
// with the same screen. On most pages the code was named in the page's modulepreload links and
// downloads meanwhile; a page with its screen drawn ahead asks for it only now, so that its
// stylesheet, all it needs to be seen, does not share the connection with it.
import './app/mantine-styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { isAuthenticated } from '@/lib/session';

/** Asks for the scripts a page names as data under `id` (apps/server/src/plugins/spa-page.ts). */
function preload(id: string): void {
  const listed = document.getElementById(id)?.textContent;
  for (const href of listed ? (JSON.parse(listed) as string[]) : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

// The signed-in screen at this address, for someone signed in on this device: its code comes
// alongside the app's instead of after it.
if (isAuthenticated()) preload('app-preloads-signed-in');

void new Promise<void>((resolve) => {
  // A tab opened in the background paints nothing until it is shown.
  if (document.visibilityState === 'hidden' || performance.getEntriesByType('paint').length > 0)
    return resolve();
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const painted = new PerformanceObserver(() => {
      painted.disconnect();
      resolve();
    });
    painted.observe({ type: 'paint' });
    // Should the browser never report it, the app starts all the same.
    setTimeout(resolve, 5000);
  } else requestAnimationFrame(() => setTimeout(resolve));
}).then(() => {
  // A page with its screen drawn ahead names the code to fetch as data: asked for now, all at
  // once, rather than one import after another.
  preload('app-preloads');
  return import('./start');
});

import { vi } from 'vitest';
import { getStoredUser } from '@/lib/session';
import { TEST_APP_CONFIG } from './app-config';

/** An answer gets the request and its URL (for a query such as a page's cursor). */
type Answer = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/**
 * Answers the web's API calls in a component test, by path. `/v1/config`, `/v1/auth/me` (the
 * stored user, or 401 without one) and `/v1/auth/logout` answer as the server does unless a
 * test gives its own answer; anything else is a 404. Returns the calls made, in order.
 */
export function fakeApi(
  answers: Record<string, Answer> = {},
): { path: string; search?: string; init?: RequestInit }[] {
  const calls: { path: string; search?: string; init?: RequestInit }[] = [];
  const defaults: Record<string, Answer> = {
    '/v1/config': () => Response.json(TEST_APP_CONFIG),
    '/v1/auth/me': () => {
      const user = getStoredUser();
      if (!user) return Response.json({ error: { code: 'UNAUTHORIZED', message: 'no' } }, { status: 401 });
      return Response.json({ user: { language: 'en', ...user } });
    },
    '/v1/auth/logout': () => Response.json({ success: true }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://localhost');
      const path = parsed.pathname;
      calls.push({ path, search: parsed.search, ...(init ? { init } : {}) });
      const answer = answers[path] ?? defaults[path];
      if (!answer) return Response.json({ error: { code: 'NOT_FOUND', message: path } }, { status: 404 });
      return answer(init, parsed);
    }),
  );
  return calls;
}

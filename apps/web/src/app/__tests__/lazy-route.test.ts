import { CHUNK_LOAD_TIMEOUT_MS } from '@app/contract/constants';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyScreen, loadScreen } from '@/app/lazy-route';
import { initI18n } from '@/lib/i18n';
import zhLegal from '@/locales/zh/legal.json';

afterEach(() => vi.useRealTimers());

describe('loadScreen', () => {
  it('gives the router the chosen component', async () => {
    const Page = () => null;
    const component = await loadScreen(
      'page',
      async () => ({ Page }),
      (m) => m.Page,
    );
    expect(component).toBe(Page);
  });

  it('is ready only once the namespaces its screen reads are loaded', async () => {
    initI18n({ lng: 'zh' });
    expect(i18n.hasResourceBundle('zh', 'legal')).toBe(false);
    const Page = () => null;
    const component = await loadScreen(
      'privacy',
      async () => ({ Page }),
      (m) => m.Page,
      ['legal'],
    );
    expect(component).toBe(Page);
    expect(i18n.hasResourceBundle('zh', 'legal')).toBe(true);
    expect(i18n.t('legal:privacy.title')).toBe(zhLegal.privacy.title);
  });

  it("turns a failed chunk into 'Loading chunk {id} failed'", async () => {
    const load = () =>
      loadScreen(
        'billing',
        () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
        () => () => null,
      );
    await expect(load()).rejects.toEqual(new ChunkLoadError('billing'));
    await expect(load()).rejects.toThrow('Loading chunk billing failed');
  });

  it('gives up after the 120 s chunk timeout', async () => {
    vi.useFakeTimers();
    const pending = loadScreen(
      'contact',
      () => new Promise<never>(() => undefined),
      () => () => null,
    );
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void pending.catch(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
  });
});

describe('lazyScreen', () => {
  it('loads its code once, however often it is asked', async () => {
    const Page = () => null;
    const load = vi.fn(async () => ({ Page }));
    const Screen = lazyScreen('page', load, (m) => m.Page);
    expect(await Screen.preload()).toBe(Page);
    expect(await Screen.preload()).toBe(Page);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

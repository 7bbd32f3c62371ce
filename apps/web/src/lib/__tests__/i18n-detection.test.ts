import { LANGUAGE_COOKIE } from '@app/contract/web-build';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectedLanguages, initI18n } from '@/lib/i18n';
import { storageKeys } from '@/lib/storage';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(async () => {
  vi.restoreAllMocks();
  // biome-ignore lint/suspicious/noDocumentCookie: the test removes the cookie it wrote.
  document.cookie = `${LANGUAGE_COOKIE}=; max-age=0; path=/`;
  if (i18n.isInitialized) await i18n.changeLanguage('en');
});

describe("the language a visitor gets (spec's detection order)", () => {
  it("the language switch's choice comes before the browser's", () => {
    browserLanguages(['en-US', 'en']);
    window.localStorage.setItem(storageKeys.language, 'zh');
    expect(detectedLanguages().slice(0, 2)).toEqual(['zh', 'en-US']);
  });

  it('a browser asking for French then Chinese reads Chinese, its texts loaded before the app starts', async () => {
    browserLanguages(['fr-FR', 'zh-CN']);
    await initI18n();
    expect(i18n.resolvedLanguage).toBe('zh');
    expect(i18n.hasResourceBundle('zh', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('zh', 'errors')).toBe(true);
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('the sign-in cookie counts when the browser names nothing we have', () => {
    browserLanguages(['fr-FR']);
    // biome-ignore lint/suspicious/noDocumentCookie: as the language switch writes it.
    document.cookie = `${LANGUAGE_COOKIE}=zh; path=/`;
    expect(detectedLanguages()).toEqual(['fr-FR', 'zh', 'en']);
  });
});

import { ERROR_CODES, type TErrorCode } from '@app/contract/http';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { errorText, reportedErrorText } from '@/lib/error-text';
import { initI18n, LANGUAGES } from '@/lib/i18n';

beforeAll(async () => {
  initI18n({ lng: 'en' });
  await i18n.changeLanguage('en');
});
afterEach(() => i18n.changeLanguage('en'));

const serverError = (code: TErrorCode, message = '', details = {}) =>
  new ApiError(code === 'INTERNAL' ? 500 : 400, code, message, details);

describe('the code-to-text map', () => {
  it.each(LANGUAGES)('has a text for every error code of the contract in %s', async (lng) => {
    // Chinese loads when a Chinese visitor arrives (lib/i18n.ts), as the app loads it.
    await i18n.loadLanguages(lng);
    const missing = ERROR_CODES.filter((code) => {
      const text: unknown = i18n.getResource(lng, 'errors', `codes.${code}`);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('turns every code without a server message into words in %s', async (lng) => {
    await i18n.changeLanguage(lng);
    for (const code of ERROR_CODES) {
      const text = errorText(serverError(code));
      expect(text, code).not.toMatch(/^codes\.|^$/);
      // Every 401 is answered by the client itself (spec §8), not by the code's text.
      const key = code === 'UNAUTHORIZED' ? 'redirectingToLogin' : `codes.${code}`;
      expect(text, code).toBe(i18n.getResource(lng, 'errors', key));
    }
  });
});

describe('errorText', () => {
  it("shows the server's message for a code written for people (spec §8: server error text)", () => {
    const error = serverError('RATE_LIMITED', 'You have sent 5 messages in the last hour.');
    expect(errorText(error)).toBe('You have sent 5 messages in the last hour.');
    expect(errorText(error, 'fallback')).toBe('You have sent 5 messages in the last hour.');
  });

  it("shows the screen's fallback, else the catalogue text, for a diagnostic message", () => {
    const error = serverError('VALIDATION_ERROR', 'subject: Too small', { field: 'subject' });
    expect(errorText(error, 'Failed to send')).toBe('Failed to send');
    expect(errorText(error)).toBe('Some of the information entered is not valid.');
  });

  it('adds the reference of a server failure, so support can find it', () => {
    const error = serverError('INTERNAL', 'Something broke (Reference: r-1)', { requestId: 'r-1' });
    expect(errorText(error)).toBe('Something went wrong on our side. Please try again. (Reference: r-1)');
  });

  it('names the failures the client finds itself, in the page language', async () => {
    expect(errorText(new ApiError(0, 'NETWORK_ERROR', ''), 'fallback')).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(errorText(new ApiError(401, 'NO_SESSION', ''))).toBe(
      'No session token found. Please sign in again.',
    );
    expect(errorText(new ApiError(401, 'UNAUTHORIZED', ''))).toBe(
      'Authentication required. Redirecting to login...',
    );
    expect(errorText(new ApiError(502, 'HTTP_ERROR', ''))).toBe('HTTP error! status: 502');
    expect(errorText(new ApiError(502, 'HTTP_ERROR', ''), 'Failed to send')).toBe('Failed to send');
    await i18n.changeLanguage('zh');
    expect(errorText(new ApiError(0, 'NETWORK_ERROR', ''))).toBe('网络错误，请检查网络连接后重试。');
    expect(errorText(new ApiError(503, 'HTTP_ERROR', ''))).toBe('HTTP 错误！状态码：503');
  });

  it('falls back to the generic text for anything that is not an API error', () => {
    expect(errorText(new TypeError('x is undefined'))).toBe('Something went wrong. Please try again.');
    expect(errorText(undefined, 'Failed to send')).toBe('Failed to send');
  });
});

describe('reportedErrorText (a code carried by a link, not an API answer)', () => {
  it('gives the catalogue text of a known code, in the page language', async () => {
    expect(reportedErrorText('OAUTH_DENIED', 'fallback')).toBe(
      'Access was not granted, so the account was not connected. Please try again and allow access.',
    );
    await i18n.changeLanguage('zh');
    expect(reportedErrorText('OAUTH_DENIED', 'fallback')).toBe('未获得授权，账户未连接。请重试并允许访问。');
  });

  it("gives the screen's fallback for an unknown or missing code", () => {
    expect(reportedErrorText('access_denied', 'fallback')).toBe('fallback');
    expect(reportedErrorText('codes.OAUTH_DENIED', 'fallback')).toBe('fallback');
    expect(reportedErrorText(undefined, 'fallback')).toBe('fallback');
  });
});

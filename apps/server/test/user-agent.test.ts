import { describe, expect, it } from 'vitest';
import { networkOf } from '../src/lib/client-address';
import { describeDevice } from '../src/lib/user-agent';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', os: 'iOS', type: 'mobile' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome', os: 'iOS', type: 'mobile' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      { browser: 'Samsung Internet', os: 'Android', type: 'mobile' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel Tablet) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome', os: 'Android', type: 'tablet' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      { browser: 'Edge', os: 'Windows', type: 'desktop' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
      { browser: 'Firefox', os: 'macOS', type: 'desktop' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; V2307A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.50',
      { browser: 'WeChat', os: 'Android', type: 'mobile' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome', os: 'Linux', type: 'desktop' },
    ],
    ['curl/8.5.0', { browser: null, os: null, type: 'unknown' }],
  ])('%s', (agent, expected) => {
    expect(describeDevice(agent)).toEqual(expected);
  });

  it('reads a missing user agent as unknown', () => {
    expect(describeDevice(null)).toEqual({ browser: null, os: null, type: 'unknown' });
  });
});

describe('networkOf', () => {
  it('hides the host part of an address', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.x');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.x');
    expect(networkOf('2001:db8:85a3:1:2:3:4:5')).toBe('2001:db8:85a3::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('not an address')).toBeNull();
  });
});

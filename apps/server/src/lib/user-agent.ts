import type { TDevice } from '@app/contract/account/sessions';

/**
 * Names the browser and system of a user agent, as a person would: "Chrome", "iOS". Order
 * matters: Edge, Opera and Samsung Internet also say Chrome, and Chrome also says Safari.
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|(?:\b|Headless)Chrom(?:e|ium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function first(list: ReadonlyArray<[RegExp, string]>, text: string): string | null {
  return list.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export function describeDevice(userAgent: string | null | undefined): TDevice {
  const text = userAgent ?? '';
  const browser = first(BROWSERS, text);
  const os = first(SYSTEMS, text);
  const type =
    os === 'iPadOS' || (os === 'Android' && !/\bMobile\b/.test(text))
      ? 'tablet'
      : os === 'iOS' || os === 'Android' || /\bMobile\b/.test(text)
        ? 'mobile'
        : os
          ? 'desktop'
          : 'unknown';
  return { browser, os, type };
}

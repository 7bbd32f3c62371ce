// What a phone downloads on a first visit to a page (bytes as transferred, from a real page
// load in Chromium with the cache off), and what each script it downloads holds (bundle-map.mjs).
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { chunkMap } from './bundle-map.mjs';

const KIND = { Document: 'html', Script: 'js', Stylesheet: 'css', Font: 'font', Image: 'image' };

/**
 * Loads `url` once in a fresh phone-sized browser and sums what came over the wire (CDP
 * Network.loadingFinished encodedDataLength: the body as sent plus the response headers).
 * `storage`: localStorage entries set before the app's scripts run (a signed-in visit).
 */
export async function measureTransfer(url, { storage } = {}) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    if (storage) {
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, storage);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      const headers = Object.fromEntries(
        Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      requests.set(requestId, {
        url: response.url,
        kind: KIND[type] ?? (type === 'Fetch' || type === 'XHR' ? 'api' : 'other'),
        encoding: headers['content-encoding'] ?? 'none',
        status: response.status,
      });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const entry = requests.get(requestId);
      if (entry) entry.bytes = encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(url, { waitUntil: 'networkidle' });
    const landedOn = new URL(page.url()).pathname;
    const files = [...requests.values()]
      .filter((r) => r.bytes !== undefined)
      .map((r) => ({ ...r, url: new URL(r.url).pathname }));
    const sum = (kind) => files.filter((f) => !kind || f.kind === kind).reduce((s, f) => s + f.bytes, 0);
    return {
      landedOn,
      requests: files.length,
      bytes: { js: sum('js'), css: sum('css'), html: sum('html'), api: sum('api'), total: sum() },
      files,
    };
  } finally {
    await browser.close();
  }
}

/** A page's transfer plus the map of every script it downloaded. */
export async function pageWeight(base, path, options = {}) {
  const transfer = await measureTransfer(`${base}${path}`, options);
  const scripts = transfer.files.filter((f) => f.kind === 'js' && f.url.startsWith('/assets/'));
  const maps = scripts.map((f) => ({ ...chunkMap(f.url.slice(1)), transferred: f.bytes }));
  return {
    path,
    ...transfer,
    scripts: maps,
    chartCodeIn: maps.filter((m) => m.holdsChartCode).map((m) => m.file),
    phoneMetadataIn: maps.filter((m) => m.holdsPhoneMetadata).map((m) => m.file),
  };
}

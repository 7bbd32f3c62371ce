// Lighthouse 12 with its default mobile settings (simulated slow 4G, 4x CPU slowdown) driving
// Debian's Chromium: performance, accessibility and best-practices scores and the paint
// metrics, the median of a few runs. A signed-in page gets the app's localStorage first.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { config } from './config.mjs';

/**
 * Puts `storage` into the launched browser's localStorage for the page's origin (through a
 * page that loads nothing of the app: /healthz), then empties the cache again.
 */
async function seedStorage(port, url, storage) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(new URL('/healthz', url).href);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Connected over CDP, close() only disconnects: the browser stays up for Lighthouse.
    await browser.close();
  }
}

async function runOnce(url, storage) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
  try {
    if (storage) await seedStorage(chrome.port, url, storage);
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Lighthouse clears the origin's storage first unless told not to: that would sign out.
      ...(storage ? { disableStorageReset: true } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** `runs` Lighthouse runs of one page; the median run by performance score is reported. */
export async function runLighthouse(url, { storage, runs = config.lighthouseRuns } = {}) {
  const results = [];
  // A run that failed (no paint seen, a broken trace on a busy machine) scores 0: it is left out
  // of the median and tried again, twice at most in all.
  for (let attempt = 1, failures = 0; results.length < runs && failures <= 2; attempt++) {
    const lhr = await runOnce(url, storage);
    if (lhr.runtimeError) {
      failures += 1;
      console.warn(`  Lighthouse run ${attempt} of ${url} failed: ${lhr.runtimeError.code}`);
    } else results.push(lhr);
  }
  if (results.length === 0) throw new Error(`every Lighthouse run of ${url} failed`);
  const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const ms = (id) => Math.round(median.audits[id]?.numericValue ?? 0);
  return {
    runs: results.length,
    performanceOfEachRun: results.map((lhr) => score(lhr, 'performance')),
    finalUrl: median.finalDisplayedUrl,
    performance: score(median, 'performance'),
    accessibility: score(median, 'accessibility'),
    bestPractices: score(median, 'best-practices'),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    cls: Number((median.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    speedIndexMs: ms('speed-index'),
    lighthouseVersion: median.lighthouseVersion,
    // Lighthouse's CPU estimate for this machine during the run (higher is faster).
    benchmarkIndex: median.environment.benchmarkIndex,
    failedAudits: Object.values(median.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id)
      .slice(0, 12),
    report: median,
  };
}

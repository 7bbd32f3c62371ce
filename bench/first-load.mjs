// `npm run bench:first-load`: what a phone downloads for a first visit to /login (bytes as
// transferred, from a real page load in Chromium) and Lighthouse's mobile scores for that page.
// Starts the real app (`scripts/start.mjs`, which builds the web app when needed) on a loopback
// port with a throwaway data dir, unless FIRST_LOAD_URL points at a running one.
//   FIRST_LOAD_URL   page to measure on a running app (default: start one, measure /login)
//   BENCH_PORT       port for the app this script starts (default 3300)
//   LH_RUNS          Lighthouse runs; the median by performance score is reported (default 3)
//   FIRST_LOAD_OUT   write the numbers as JSON to this file
//   FIRST_LOAD_REPORT write the median run's full Lighthouse report (JSON) to this file
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { startApp } from './start-app.mjs';

const KIND = { Document: 'html', Script: 'js', Stylesheet: 'css', Font: 'font', Image: 'image' };

/**
 * Loads the page once in a fresh phone-sized browser with the cache off and sums what came over
 * the wire (CDP Network.loadingFinished encodedDataLength: body as sent plus response headers).
 */
export async function measureTransfer(url) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
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
    const files = [...requests.values()]
      .filter((r) => r.bytes !== undefined)
      .map((r) => ({ ...r, url: new URL(r.url).pathname }));
    const sum = (kind) => files.filter((f) => !kind || f.kind === kind).reduce((s, f) => s + f.bytes, 0);
    return {
      requests: files.length,
      bytes: { js: sum('js'), css: sum('css'), html: sum('html'), total: sum() },
      files,
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse with its default (mobile, simulated slow 4G and 4x CPU slowdown) settings. */
export async function runLighthouse(url, runs = Number(process.env.LH_RUNS ?? 3)) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error('Lighthouse returned no result');
      // A run that failed (no paint seen, page timed out) scores 0; keep it out of the median.
      if (result.lhr.runtimeError)
        console.warn(`Lighthouse run ${i + 1}: ${result.lhr.runtimeError.message}`);
      else results.push(result.lhr);
    } finally {
      chrome.kill();
    }
  }
  if (results.length === 0) throw new Error('every Lighthouse run failed');
  const score = (lhr) => lhr.categories.performance.score ?? 0;
  const sorted = [...results].sort((a, b) => score(a) - score(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const ms = (id) => Math.round(median.audits[id].numericValue ?? 0);
  return {
    runs: results.length,
    performanceScoresOfAllRuns: results.map((lhr) => Math.round(score(lhr) * 100)),
    median: {
      performance: Math.round(score(median) * 100),
      accessibility: Math.round((median.categories.accessibility.score ?? 0) * 100),
      bestPractices: Math.round((median.categories['best-practices'].score ?? 0) * 100),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      cls: Number((median.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
      speedIndexMs: ms('speed-index'),
    },
    lighthouseVersion: median.lighthouseVersion,
    chromeVersion: median.environment.hostUserAgent,
    // Lighthouse's CPU speed estimate for this machine at the time (higher is faster).
    benchmarkIndex: median.environment.benchmarkIndex,
    report: median,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const app = process.env.FIRST_LOAD_URL ? undefined : await startApp(Number(process.env.BENCH_PORT ?? 3300));
  const url = process.env.FIRST_LOAD_URL ?? `${app?.base}/login`;
  try {
    const transfer = await measureTransfer(url);
    const { report, ...lh } = await runLighthouse(url);
    const results = { date: new Date().toISOString(), node: process.version, url, transfer, lighthouse: lh };
    if (process.env.FIRST_LOAD_OUT) {
      writeFileSync(process.env.FIRST_LOAD_OUT, `${JSON.stringify(results, null, 2)}\n`);
    }
    if (process.env.FIRST_LOAD_REPORT) writeFileSync(process.env.FIRST_LOAD_REPORT, JSON.stringify(report));
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.table(transfer.files.map((f) => ({ ...f, bytes: kb(f.bytes) })));
    console.log(
      JSON.stringify({
        transferKB: Object.fromEntries(Object.entries(transfer.bytes).map(([k, v]) => [k, kb(v)])),
      }),
    );
    console.log(JSON.stringify(lh, null, 2));
  } finally {
    app?.stop();
  }
}

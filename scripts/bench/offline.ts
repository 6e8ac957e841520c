// Offline reading (issue 49) against the built product (`npm run build`), in headless Chromium: the
// service worker's caches after a reader opened three teams' news pages (entries and bytes per cache,
// the precached shell apart), and the time to reopen a visited team page offline (navigation start to
// its first news card, from the worker's copies), the median of several runs, beside the same reload
// online. Starts its own server on a fresh data folder (tests/e2e/server-process.ts).
//
// Usage: npm run bench:offline [-- --runs=7] [-- --no-write]
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { startServerProcess } from '../../tests/e2e/server-process.js';
import { fixed, table, writeSection } from './markdown.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(arg('runs') ?? 7) || 7;
const TEAMS = ['/nfl/green-bay-packers/news', '/nfl/chicago-bears/news', '/nfl/atlanta-falcons/news'];

interface CacheFigure {
  name: string;
  entries: number;
  bytes: number;
}

/** Every cache of the page's origin: its entries and the bytes of their bodies. */
function cacheFigures(page: Page): Promise<CacheFigure[]> {
  return page.evaluate(async () => {
    const figures: CacheFigure[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      let bytes = 0;
      const requests = await cache.keys();
      for (const request of requests) {
        const response = await cache.match(request);
        if (response) bytes += (await response.arrayBuffer()).byteLength;
      }
      figures.push({ name, entries: requests.length, bytes });
    }
    return figures;
  });
}

/** Milliseconds from the navigation's start to the first news card on screen. */
async function reopen(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  await page.getByTestId('article-card').first().waitFor({ timeout: 30_000 });
  return page.evaluate(() => performance.now());
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function main() {
  const server = await startServerProcess();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
      timeout: 60_000,
    });
    for (const team of TEAMS) {
      await page.goto(team);
      await page.getByTestId('article-card').first().waitFor({ timeout: 30_000 });
      // The sidebar's reads and the logos finish after the first card.
      await page.waitForLoadState('networkidle');
    }
    const figures = await cacheFigures(page);
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

    const online: number[] = [];
    for (let run = 0; run < RUNS; run++) online.push(await reopen(page));
    await context.setOffline(true);
    const offline: number[] = [];
    for (let run = 0; run < RUNS; run++) offline.push(await reopen(page));
    const line = await page.getByText(/^Offline, updated/).count();
    await context.setOffline(false);
    if (line === 0) throw new Error('the offline reopen did not show "Offline, updated"');

    const kb = (bytes: number) => fixed(bytes / 1024, 1);
    const shell = figures.filter((figure) => figure.name.startsWith('workbox-precache'));
    const runtime = figures.filter((figure) => !figure.name.startsWith('workbox-precache'));
    const sum = (list: CacheFigure[], key: 'entries' | 'bytes') =>
      list.reduce((total, f) => total + f[key], 0);
    const body = [
      `\`npm run bench:offline\` (scripts/bench/offline.ts), ${new Date().toISOString().slice(0, 10)}, headless Chromium,`,
      "the built site and server on loopback, demo data. A visitor opens home, then three NFL teams' news",
      `pages (${TEAMS.map((team) => `\`${team}\``).join(', ')}); the service worker's caches are then read from the page`,
      "(bodies summed; Chrome's `navigator.storage.estimate()` adds its own overhead per entry).",
      `Machine: ${cpus().length} cores, load average ${fixed(loadavg()[0] ?? 0, 1)} at the end of the run (times on a loaded`,
      'machine are mostly waiting for a core: compare the two rows of one run, not runs of different days).',
      '',
      '### Cache size after three team pages',
      '',
      table(
        ['cache', 'entries', 'KB'],
        [
          ...runtime.map((figure) => [figure.name, figure.entries, kb(figure.bytes)]),
          ['runtime caches together', sum(runtime, 'entries'), kb(sum(runtime, 'bytes'))],
          [
            "precached shell (every route's JS and CSS, index.html, icons)",
            sum(shell, 'entries'),
            kb(sum(shell, 'bytes')),
          ],
          ['storage.estimate() usage of the origin', '', kb(usage)],
        ],
      ),
      '',
      `### Reopening a visited team page (\`${TEAMS[2]}\`), navigation start to the first news card, ${RUNS} runs`,
      '',
      table(
        ['reload', 'median ms', 'min ms', 'max ms'],
        [
          [
            'online (network first)',
            fixed(median(online), 0),
            fixed(Math.min(...online), 0),
            fixed(Math.max(...online), 0),
          ],
          [
            "offline (the worker's copies)",
            fixed(median(offline), 0),
            fixed(Math.min(...offline), 0),
            fixed(Math.max(...offline), 0),
          ],
        ],
      ),
    ].join('\n');
    console.log(body);
    if (!process.argv.includes('--no-write')) {
      writeSection(join(ROOT, 'docs/benchmarks.md'), 'Offline reading (issue 49)', body);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();

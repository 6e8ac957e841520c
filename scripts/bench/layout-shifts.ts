// Layout shifts of the pages of issue 46 against a running server (`npm start`, or any built server):
// home, a team page, an article and a podcast page, each at a phone's size (390×844) and a desktop's
// (1280×900), in headless Chromium (playwright-core, /usr/bin/chromium). Every load runs under a
// Lighthouse-like mobile throttling (4× slower CPU, 150 ms latency, 1.6 Mbit/s down) so that the parts
// that arrive late do arrive after the first paint, as they do for a visitor on a phone. CLS is the
// largest session window of 'layout-shift' entries without recent input (as Lighthouse and web-vitals
// count it), read 4 s after the load event; the elements that moved most are printed too.
//
// Usage: npx tsx scripts/bench/layout-shifts.ts --base=http://localhost:8080 [--runs=2] [--no-throttle]
import { chromium, type Page } from 'playwright-core';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const BASE = arg('base') ?? 'http://localhost:8080';
const RUNS = Number(arg('runs') ?? 2) || 2;
const THROTTLE = !process.argv.includes('--no-throttle');
const TEAM = '/nfl/green-bay-packers';
const SETTLE_MS = 4000;

const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

// Installed before any page script: the session windows of layout shifts and the nodes that moved.
const OBSERVER = `(() => {
  const m = { cls: 0, shifts: [] };
  window.__layoutShifts = m;
  let session = 0, first = 0, last = 0;
  const describe = (node) => {
    if (!node || !node.tagName) return '?';
    const cls = typeof node.className === 'string' ? node.className.split(' ').filter(Boolean).slice(0, 2).join('.') : '';
    return node.tagName.toLowerCase() + (cls ? '.' + cls : '');
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      if (session && e.startTime - last < 1000 && e.startTime - first < 5000) session += e.value;
      else { session = e.value; first = e.startTime; }
      last = e.startTime;
      m.cls = Math.max(m.cls, session);
      m.shifts.push({
        at: Math.round(e.startTime),
        value: e.value,
        nodes: (e.sources || []).map((s) => describe(s.node) + ' y ' + Math.round(s.previousRect.y) + '→' + Math.round(s.currentRect.y)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

async function fetchJson<T>(path: string): Promise<T> {
  const res = await fetch(`${BASE}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** An article of the team and the podcast of its latest episode, from the API. */
async function paths(): Promise<Record<string, string>> {
  const articles = await fetchJson<{ articles: { id: number }[] }>(
    '/api/v1/teams/green-bay-packers/articles?page=1',
  );
  const episodes = await fetchJson<{ podcastEpisodes: { podcast: { id: number } }[] }>(
    '/api/v1/teams/green-bay-packers/podcast_episodes?perPage=1',
  );
  const article = articles.articles[0];
  const episode = episodes.podcastEpisodes[0];
  if (!article || !episode) throw new Error('the demo team has no article or no episode yet');
  return {
    home: '/',
    team: TEAM,
    article: `/articles/${article.id}`,
    podcast: `/podcasts/${episode.podcast.id}`,
  };
}

async function throttle(page: Page): Promise<void> {
  if (!THROTTLE) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
try {
  const pages = await paths();
  const rows: string[] = [];
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const [name, path] of Object.entries(pages)) {
      const values: number[] = [];
      let worst: { cls: number; shifts: { at: number; value: number; nodes: string[] }[] } | null = null;
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({
          viewport,
          isMobile: viewport.width < 768,
          hasTouch: viewport.width < 768,
        });
        const page = await context.newPage();
        await page.addInitScript(OBSERVER);
        await throttle(page);
        await page.goto(`${BASE}${path}`, { waitUntil: 'load', timeout: 60_000 });
        await page.waitForTimeout(SETTLE_MS);
        const m = await page.evaluate(
          () =>
            (
              window as unknown as {
                __layoutShifts: { cls: number; shifts: { at: number; value: number; nodes: string[] }[] };
              }
            ).__layoutShifts,
        );
        values.push(m.cls);
        if (!worst || m.cls > worst.cls) worst = m;
        await context.close();
      }
      const max = Math.max(...values);
      rows.push(
        `${size.padEnd(8)} ${name.padEnd(8)} CLS max ${max.toFixed(3)} (runs: ${values.map((v) => v.toFixed(3)).join(', ')})`,
      );
      console.log(rows.at(-1));
      for (const s of (worst?.shifts ?? []).filter((s) => s.value >= 0.005)) {
        console.log(`    at ${s.at} ms +${s.value.toFixed(3)}: ${s.nodes.join('; ')}`);
      }
    }
  }
  console.log(`\n${BASE} ${THROTTLE ? 'throttled' : 'unthrottled'}, ${RUNS} runs each\n${rows.join('\n')}`);
} finally {
  await browser.close();
}

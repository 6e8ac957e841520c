// The Lighthouse benchmark of issue 46 (`npm run bench:lighthouse`), which writes the section "Lighthouse
// (issue 46)" of docs/benchmarks.md. It builds nothing: run `npm run build` first. It starts the built
// server on the demo data (tests/e2e/server-process.ts, as bench:web does), then runs Lighthouse 12.2.3
// (pinned in the root package.json: newer majors want Node 22) in Debian's Chromium with the mobile preset
// (simulated slow 4G, 4x CPU slowdown) and the desktop preset, 3 runs per page, on home, a team page, an
// article, a podcast, search and join, and writes the medians of the four category scores and of LCP, TBT
// and CLS, with the machine's load average (Lighthouse's simulated timings still rise on a busy machine).
//
// With `--ceiling` it also measures, with the mobile preset, what server rendering of the first screen
// could buy (first-screen-ceiling.ts): each page with its rendered first screen in the HTML, without
// scripts and with today's client render replacing it, in the section "Lighthouse: a first screen in the
// HTML (issue 46)".
//
// Usage: npm run build && npm run bench:lighthouse [-- --runs=3] [-- --only=mobile|desktop|ceiling] [-- --ceiling]
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startServerProcess } from '../../tests/e2e/server-process.js';
import { type CeilingVariant, startCeilingProxy } from './first-screen-ceiling.js';
import { fixed, table, writeSection } from './markdown.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3) || 3;
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
// `--only=ceiling` measures the ceiling alone, leaving the section of the mobile and desktop runs as it is.
const CEILING = process.argv.includes('--ceiling') || ONLY === 'ceiling';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Targets of issue 46, on a quiet machine. */
const TARGETS = { score: 90, otherScores: 100, lcpMs: 2500, tbtMs: 200, cls: 0.05 };

interface RunResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  /** Titles of the failing audits (score < 0.9) of the non-performance categories, to act on. */
  failing: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** The pages to measure: fixed paths, and an article and a podcast of the demo team found through the API. */
async function pages(baseUrl: string): Promise<{ name: string; path: string }[]> {
  const articles = (await (
    await fetch(`${baseUrl}/api/v1/teams/green-bay-packers/articles?perPage=1`)
  ).json()) as {
    articles: { id: number }[];
  };
  const episodes = (await (
    await fetch(`${baseUrl}/api/v1/teams/green-bay-packers/podcast_episodes?perPage=1`)
  ).json()) as { podcastEpisodes: { podcast: { id: number } }[] };
  const article = articles.articles[0];
  const episode = episodes.podcastEpisodes[0];
  if (!article || !episode) throw new Error('the demo team has no article or episode yet');
  return [
    { name: 'Home', path: '/' },
    { name: 'Team', path: '/nfl/green-bay-packers' },
    { name: 'Article', path: `/articles/${article.id}` },
    { name: 'Podcast', path: `/podcasts/${episode.podcast.id}` },
    { name: 'Search', path: '/search?q=packers' },
    { name: 'Join', path: '/join' },
  ];
}

async function runOnce(url: string, port: number, preset: 'mobile' | 'desktop'): Promise<RunResult> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      .map((a) => `${c}: ${a?.title}`),
  );
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failing,
  };
}

async function main(): Promise<void> {
  const server = await startServerProcess();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const loadBefore = loadavg()[0] ?? 0;
  const rows: (string | number)[][] = [];
  const ceilingRows: (string | number)[][] = [];
  const notes: string[] = [];
  /** The medians of RUNS runs of one page at one URL, as a table row. */
  const measure = async (
    label: string,
    page: { name: string; path: string },
    url: string,
    preset: 'mobile' | 'desktop',
  ) => {
    const runs: RunResult[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(url, chrome.port, preset));
    const m = (f: (r: RunResult) => number) => median(runs.map(f));
    const row = [
      label,
      `${page.name} \`${page.path.replace(/\d+$/, ':id')}\``,
      m((r) => r.scores.performance),
      m((r) => r.scores.accessibility),
      m((r) => r.scores['best-practices']),
      m((r) => r.scores.seo),
      fixed(m((r) => r.lcp) / 1000, 2),
      Math.round(m((r) => r.tbt)),
      fixed(
        m((r) => r.cls),
        3,
      ),
    ];
    console.log(row.join(' | '));
    const failing = [...new Set(runs.flatMap((r) => r.failing))];
    if (failing.length > 0) notes.push(`- ${label} ${page.name}: ${failing.join('; ')}`);
    return row;
  };
  try {
    const list = await pages(server.url);
    const presets = (['mobile', 'desktop'] as const).filter((p) => !ONLY || p === ONLY);
    for (const preset of presets) {
      for (const page of list) rows.push(await measure(preset, page, `${server.url}${page.path}`, preset));
    }
    const variants: [CeilingVariant, string][] = [
      ['static', 'in the HTML, no script'],
      ['replaced', 'in the HTML, then the client render'],
    ];
    for (const [variant, label] of CEILING ? variants : []) {
      for (const page of list) {
        const proxy = await startCeilingProxy(server.url, page.path, variant);
        try {
          ceilingRows.push(await measure(label, page, `${proxy.url}${page.path}`, 'mobile'));
        } finally {
          await proxy.close();
        }
      }
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }
  const loadAfter = loadavg()[0] ?? 0;
  const body = [
    `Produced by \`npm run bench:lighthouse\` on ${new Date().toISOString()} (${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}, Lighthouse 12.2.3, Debian Chromium; ` +
      `load average ${fixed(loadBefore, 2)} before, ${fixed(loadAfter, 2)} after). Medians of ${RUNS} runs per page; ` +
      'the server runs on the same machine (demo data).',
    '',
    `Targets on a quiet machine: performance ≥ ${TARGETS.score} (mobile), accessibility, best practices and SEO ` +
      `${TARGETS.otherScores}; LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}.`,
    '',
    table(
      ['preset', 'page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP s', 'TBT ms', 'CLS'],
      rows,
    ),
    '',
    notes.length > 0
      ? `Failing audits (any run):\n\n${notes.join('\n')}`
      : 'No failing audit outside performance.',
  ].join('\n');
  if (rows.length > 0) writeSection(join(ROOT, 'docs', 'benchmarks.md'), 'Lighthouse (issue 46)', body);
  if (ceilingRows.length === 0) return;
  const ceiling = [
    `Produced by \`npm run bench:lighthouse -- --ceiling\` on ${new Date().toISOString()} (load average ` +
      `${fixed(loadBefore, 2)} before, ${fixed(loadAfter, 2)} after; medians of ${RUNS} runs, mobile preset). ` +
      "What server rendering of the first screen could buy: each page opened once in Chromium at a phone's " +
      'size, its rendered `#root` put into the HTML the server sends for it and answered by a loopback proxy ' +
      '(scripts/bench/first-screen-ceiling.ts). "No script": the scripts and preloads removed, the ceiling. ' +
      '"Then the client render": the scripts kept, so today\'s client render replaces the markup (a server ' +
      'render without hydration). Compare with the mobile rows of "Lighthouse (issue 46)".',
    '',
    table(
      [
        'first screen',
        'page',
        'performance',
        'accessibility',
        'best practices',
        'SEO',
        'LCP s',
        'TBT ms',
        'CLS',
      ],
      ceilingRows,
    ),
  ].join('\n');
  writeSection(
    join(ROOT, 'docs', 'benchmarks.md'),
    'Lighthouse: a first screen in the HTML (issue 46)',
    ceiling,
  );
}

await main();

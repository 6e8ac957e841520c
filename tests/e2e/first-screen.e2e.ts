// A page's first screen as Lighthouse loads it (issue 46), in Chromium against the built server:
// - its code and its first API reads are preloaded with the HTML (the server writes the links) and each
//   preloaded URL is fetched once and used (the team page, and the article page whose chunk Rollup
//   merged into another): Chromium warns in the console about a preload nobody used
//   within a few seconds, and Resource Timing shows a second entry when a request missed its preload;
// - home does not move while it loads at Lighthouse's desktop size (1350×940), where it shifted by 0.29;
// - home passes axe with the rules Lighthouse adds to axe's defaults (target-size: 24 px targets or
//   spacing) at Lighthouse's phone (412×823) and desktop sizes, checked without scrolling through the
//   page first, as Lighthouse runs it: boxes laid out only near the viewport (`content-visibility:
//   auto`) failed contrast and target size there while the scrolled check passed.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeFindings } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const TEAM = '/nfl/green-bay-packers';
/** Lighthouse 12's screen sizes: the mobile preset's (a Moto G Power) and the desktop preset's. */
const LIGHTHOUSE_PHONE = { width: 412, height: 823 };
const LIGHTHOUSE_DESKTOP = { width: 1350, height: 940 };

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

// Installed before the page's scripts: the largest session window of layout shifts (as Lighthouse),
// and the nodes that moved, to name them in a failure.
const CLS_OBSERVER = `(() => {
  window.__cls = 0;
  window.__shifts = [];
  let session = 0, first = 0, last = 0;
  const name = (node) => node && node.tagName ? node.tagName.toLowerCase() + (typeof node.className === 'string' && node.className ? '.' + node.className.split(' ')[0] : '') : '?';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      if (session && (entry.startTime - last > 1000 || entry.startTime - first > 5000)) session = 0;
      if (!session) first = entry.startTime;
      session += entry.value;
      last = entry.startTime;
      window.__cls = Math.max(window.__cls, session);
      window.__shifts.push(entry.value.toFixed(3) + ' ' + (entry.sources || []).map((s) => name(s.node) + ' ' + Math.round(s.previousRect.y) + '→' + Math.round(s.currentRect.y)).join(', '));
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** The page's preload links as the server wrote them. */
function preloadLinks(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"], link[rel="modulepreload"]')].map(
      (link) => ({ rel: link.rel, as: link.getAttribute('as'), href: link.href }),
    ),
  );
}

/** How many times the page requested each URL (Resource Timing). */
function requestCounts(page: Page) {
  return page.evaluate(() => {
    const counts: Record<string, number> = {};
    for (const entry of performance.getEntriesByType('resource')) {
      counts[entry.name] = (counts[entry.name] ?? 0) + 1;
    }
    return counts;
  });
}

/** A preload link as {@link preloadLinks} reads it. */
type PreloadLink = Awaited<ReturnType<typeof preloadLinks>>[number];

/**
 * Opens `path`, waits for `ready`, hands its preload links to `check`, then expects every preloaded URL
 * requested exactly once and no console warning about preloads.
 */
async function expectPreloadsUsedOnce(
  path: string,
  ready: (page: Page) => Promise<void>,
  check: (links: PreloadLink[]) => void,
): Promise<void> {
  const context = await newContext(browser(), baseUrl);
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  try {
    await page.goto(path);
    await ready(page);
    const links = await preloadLinks(page);
    check(links);
    // Chromium warns about an unused preload 3 s after the load event.
    await page.waitForTimeout(4_000);
    const counts = await requestCounts(page);
    for (const link of links) expect(counts[link.href], `requests of ${link.href}`).toBe(1);
    expect(warnings).toEqual([]);
  } finally {
    await context.close();
  }
}

/** The paths of the preloaded reads. */
const fetchPaths = (links: PreloadLink[]) =>
  links.filter((link) => link.as === 'fetch').map((link) => new URL(link.href).pathname);

describe('the first screen is preloaded with the HTML', () => {
  it('preloads the team page’s code and first reads, each fetched once and used', async () => {
    await expectPreloadsUsedOnce(
      TEAM,
      (page) => page.getByTestId('article-card').first().waitFor(),
      (links) => {
        expect(fetchPaths(links)).toContain('/api/v1/teams/green-bay-packers/feeds');
        expect(fetchPaths(links)).toContain('/api/v1/session');
        const modules = links.filter((link) => link.rel === 'modulepreload').map((link) => link.href);
        expect(modules.some((href) => /\/assets\/TeamPopularPage-[\w-]+\.js$/.test(href))).toBe(true);
        expect(modules.some((href) => /\/assets\/TeamLayout-[\w-]+\.js$/.test(href))).toBe(true);
      },
    );
  }, 60_000);

  it('preloads the article page’s code too (its page chunk is merged into another), each used once', async () => {
    // The article page's module has no chunk of its own (Rollup merges small chunks): before the build
    // mapped merged modules, its HTML preloaded no script at all.
    const { articles } = (await (
      await fetch(`${baseUrl}/api/v1/teams/green-bay-packers/articles?perPage=1`)
    ).json()) as { articles: { id: number; title: string }[] };
    const article = articles[0];
    if (!article) throw new Error('the demo team has no article');
    await expectPreloadsUsedOnce(
      `/articles/${article.id}`,
      (page) => page.getByRole('heading', { level: 1, name: article.title }).waitFor(),
      (links) => {
        expect(fetchPaths(links)).toContain(`/api/v1/articles/${article.id}`);
        expect(links.filter((link) => link.rel === 'modulepreload').length).toBeGreaterThan(0);
      },
    );
  }, 60_000);

  it('writes the links into the HTML the server sends', async () => {
    const html = await (await fetch(`${baseUrl}${TEAM}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    // Before the entry script, so the browser starts them first.
    const preload = head.indexOf('href="/api/v1/teams/green-bay-packers/feeds"');
    expect(preload).toBeGreaterThan(-1);
    expect(preload).toBeLessThan(head.indexOf('<script type="module"'));
    expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/TeamLayout-[\w-]+\.js" \/>/);
    // Home's code is the entry; its first read is the top stories.
    const home = await (await fetch(`${baseUrl}/`)).text();
    expect(home).toContain('href="/api/v1/top_stories" as="fetch" crossorigin="use-credentials"');
    expect(home).not.toContain('rel="modulepreload" crossorigin href="/assets/TeamLayout');
  });
});

describe('home at Lighthouse’s sizes', () => {
  it('does not move while it loads at 1350×940', async () => {
    const context = await newContext(browser(), baseUrl, LIGHTHOUSE_DESKTOP);
    const page = await context.newPage();
    await page.addInitScript(CLS_OBSERVER);
    // Lighthouse's desktop network (40 ms round trips, 10 Mbit/s): the reference data then arrives after
    // the first paint, as it does for a visitor, and what it moves is counted.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: (10_240 * 1024) / 8,
      uploadThroughput: (10_240 * 1024) / 8,
    });
    try {
      await page.goto('/');
      await page.getByTestId('article-card').first().waitFor();
      await page.waitForTimeout(2_000);
      const { cls, shifts } = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __shifts: string[] };
        return { cls: w.__cls, shifts: w.__shifts };
      });
      expect(cls, `layout shifts: ${shifts.join('; ')}`).toBeLessThan(0.05);
    } finally {
      await context.close();
    }
  }, 60_000);

  for (const [name, viewport] of [
    ['412×823', LIGHTHOUSE_PHONE],
    ['1350×940', LIGHTHOUSE_DESKTOP],
  ] as const) {
    it(`passes axe with Lighthouse's target-size rule at ${name}`, async () => {
      const context = await newContext(browser(), baseUrl, viewport);
      const page = await context.newPage();
      try {
        await page.goto('/');
        await page.getByTestId('article-card').first().waitFor();
        const findings = await axeFindings(page, { rules: { 'target-size': true }, scroll: false });
        expect(findings.filter((f) => f.impact === 'serious' || f.impact === 'critical')).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});

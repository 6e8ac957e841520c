// axe-core over a page of the browser tests, every rule and every impact (minor to critical), so a
// colour-contrast or link-in-text-block regression fails the test that opened the page.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** One violated rule on a page, short enough to read in a failed assertion. */
export interface AxeFinding {
  rule: string;
  impact: string | null | undefined;
  /** The first offending elements, with axe's one-line reason. */
  nodes: string[];
}

/**
 * Lays out the whole page once: sections below the first screen use `content-visibility: auto`
 * (issue 4), so until they have been near the viewport they have a placeholder height, and axe, which
 * scrolls through the page while it checks, would see them grow under it (it then reads the colours
 * of the footer that was there a moment before as the background of links above it).
 */
async function settleLayout(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
}

/**
 * Waits until the page has fetched nothing new for half a second (at most 5 s): a section whose data
 * arrives while axe scrolls grows under it, the same way as above (on a loaded CI machine the home
 * page's last lists came in during the check, and axe read the footer's navy as the background of
 * the episode links above it).
 */
async function settleNetwork(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const count = () => performance.getEntriesByType('resource').length;
    const started = performance.now();
    let seen = count();
    let quietSince = performance.now();
    while (performance.now() - quietSince < 500 && performance.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (count() !== seen) {
        seen = count();
        quietSince = performance.now();
      }
    }
  });
}

/** What {@link axeFindings} checks of the page. */
export interface AxeScope {
  /**
   * A CSS selector of the part to check (with its open shadow root), for an embed on a test page
   * whose own markup is not ours: a hostile stylesheet or a bare publisher page.
   */
  include?: string;
  /**
   * Rules to turn on or off beyond axe's defaults, e.g. `{ 'target-size': true }`, which axe leaves off
   * and Lighthouse turns on (24 px targets or spacing, WCAG 2.2 SC 2.5.8).
   */
  rules?: Readonly<Record<string, boolean>>;
  /**
   * False checks the page as it is, without scrolling through it first: as Lighthouse runs axe, so a
   * box whose contents are laid out only near the viewport fails here as it fails there.
   */
  scroll?: boolean;
}

/** The axe violations of the page as it is now (every rule axe runs by default, all impacts). */
export async function axeFindings(page: Page, scope: AxeScope = {}): Promise<AxeFinding[]> {
  await settleNetwork(page);
  if (scope.scroll !== false) {
    await settleLayout(page);
    // Scrolling through may have started the fetches of sections that load near the viewport.
    await settleNetwork(page);
    await settleLayout(page);
  }
  const builder = new AxeBuilder({ page });
  if (scope.include) builder.include(scope.include);
  if (scope.rules) {
    builder.options({
      rules: Object.fromEntries(Object.entries(scope.rules).map(([id, enabled]) => [id, { enabled }])),
    });
  }
  const result = await builder.analyze();
  return result.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  }));
}

/** The serious and critical findings of {@link axeFindings}: the ones a browser test fails on. */
export async function seriousAxeFindings(page: Page, scope: AxeScope = {}): Promise<AxeFinding[]> {
  return (await axeFindings(page, scope)).filter((f) => f.impact === 'serious' || f.impact === 'critical');
}

/** Fails the test when axe finds a serious or critical violation on the page (or `scope`) as it is now. */
export async function expectAccessible(page: Page, where: string, scope: AxeScope = {}): Promise<void> {
  expect(await seriousAxeFindings(page, scope), `axe on ${where}`).toEqual([]);
}

// The embed as a publisher sees it: script tags become shadow-rooted headline lists with reserved height,
// states for unknown teams and API trouble, themes, lazy start, one global, init() and destroy().
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADLINE_TEXTS } from '../HeadlineList.js';
import { HEADLINE_HOST_TAG } from '../mount-headline.js';
import { createSportSpyder, type SportSpyderWindow } from '../sportspyder-global.js';
import { addScripts, articlesHandler, ORIGIN, server, shadowOf, waitFor } from './helpers.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (window as SportSpyderWindow).SportSpyder;
});
afterAll(() => server.close());

const hosts = () => Array.from(document.querySelectorAll(HEADLINE_HOST_TAG));
const rows = (host: Element) => Array.from(shadowOf(host).querySelectorAll('li.row:not(.sk)'));
const text = (host: Element) => shadowOf(host).textContent ?? '';

describe('the headline embed', () => {
  it('renders `limit` headlines in a shadow root right after its script tag', async () => {
    server.use(articlesHandler().handler);
    const [script] = addScripts('data-team="nfl/green-bay-packers" data-limit="4"');
    const [host] = createSportSpyder('test').init();
    expect(script!.nextElementSibling).toBe(host);
    await waitFor(() => expect(rows(host!)).toHaveLength(4));
    const links = rows(host!).map((li) => li.querySelector('a')!);
    expect(links.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Headline 1'),
      expect.stringContaining('Headline 2'),
      expect.stringContaining('Headline 3'),
      expect.stringContaining('Headline 4'),
    ]);
    expect(links[0]!.getAttribute('href')).toBe('https://news.example/story-1');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toBe('noopener');
    expect(links[0]!.textContent).toContain('News Example');
    expect(links[0]!.querySelector('img')?.getAttribute('src')).toBe('https://img.example/1.jpg');
    const more = shadowOf(host).querySelector('a.more')!;
    expect(more.textContent).toBe('More Green Bay Packers news on SportSpyder');
    expect(more.getAttribute('href')).toBe(`${ORIGIN}/nfl/green-bay-packers/news`);
  });

  it('reserves the height of `limit` rows while loading', () => {
    server.use(http.get(`${ORIGIN}/api/v1/teams/:team/articles`, () => delay('infinite')));
    addScripts('data-team="nfl/green-bay-packers" data-limit="5"');
    const [host] = createSportSpyder('test').init();
    expect(host!.style.getPropertyValue('--ss-rows')).toBe('5');
    expect(shadowOf(host).querySelectorAll('li.sk')).toHaveLength(5);
    expect(shadowOf(host).querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('styles the shadow root with an adopted stylesheet, not a <style> element', () => {
    server.use(articlesHandler().handler);
    addScripts('data-team="nfl/green-bay-packers"');
    const [host] = createSportSpyder('test').init();
    expect(shadowOf(host).adoptedStyleSheets).toHaveLength(1);
    expect(shadowOf(host).querySelector('style')).toBeNull();
  });

  it('mounts into data-target instead of after the script', async () => {
    server.use(articlesHandler().handler);
    document.body.innerHTML = '<div id="box"></div>';
    addScripts('data-team="nfl/green-bay-packers" data-target="#box"');
    const [host] = createSportSpyder('test').init();
    expect(host!.parentElement?.id).toBe('box');
  });

  it('clamps an out-of-range limit with a console warning', async () => {
    server.use(articlesHandler().handler);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    addScripts('data-team="nfl/green-bay-packers" data-limit="40"');
    const [host] = createSportSpyder('test').init();
    await waitFor(() => expect(rows(host!)).toHaveLength(12));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('outside 1..12; using 12'));
  });

  it('shows "Team not found" for an unknown team', async () => {
    server.use(articlesHandler().handler);
    addScripts('data-team="nfl/nobody"');
    const [host] = createSportSpyder('test').init();
    await waitFor(() => expect(text(host!)).toContain(HEADLINE_TEXTS.notFound));
    expect(rows(host!)).toHaveLength(0);
    // The host no longer reserves the rows' height: the styles collapse this state.
    expect(host!.dataset.state).toBe('not-found');
  });

  it('shows "No headlines yet" when the team has no articles', async () => {
    server.use(articlesHandler(0).handler);
    addScripts('data-team="nfl/green-bay-packers"');
    const [host] = createSportSpyder('test').init();
    await waitFor(() => expect(text(host!)).toContain(HEADLINE_TEXTS.empty));
  });

  it('shows the fallback within 3 s when the API does not answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.get(`${ORIGIN}/api/v1/teams/:team/articles`, () => delay('infinite')));
    addScripts('data-team="nfl/green-bay-packers"');
    const [host] = createSportSpyder('test').init();
    await vi.advanceTimersByTimeAsync(2900);
    expect(text(host!)).not.toContain(HEADLINE_TEXTS.unavailable);
    await vi.advanceTimersByTimeAsync(100);
    expect(text(host!)).toContain(HEADLINE_TEXTS.unavailable);
    expect(shadowOf(host).querySelectorAll('li.sk')).toHaveLength(0);
  });

  it('shows the fallback on 429', async () => {
    server.use(
      http.get(
        `${ORIGIN}/api/v1/teams/:team/articles`,
        () => new HttpResponse(null, { status: 429, headers: { 'retry-after': '60' } }),
      ),
    );
    addScripts('data-team="nfl/green-bay-packers"');
    const [host] = createSportSpyder('test').init();
    await waitFor(() => expect(text(host!)).toContain(HEADLINE_TEXTS.unavailable));
  });

  it('shares 4 requests a minute among all embeds of the page', async () => {
    const { handler, calls } = articlesHandler();
    server.use(handler);
    addScripts(...['a', 'b', 'c', 'd', 'e'].map((t) => `data-team="nfl/${t}"`));
    const mounted = createSportSpyder('test').init();
    expect(mounted).toHaveLength(5);
    await waitFor(() => expect(text(mounted[4]!)).toContain(HEADLINE_TEXTS.unavailable));
    await waitFor(() => expect(mounted.slice(0, 4).every((h) => rows(h).length === 6)).toBe(true));
    expect(calls).toHaveLength(4);
  });

  it('says that favorites are not available yet, without calling the API', async () => {
    const { handler, calls } = articlesHandler();
    server.use(handler);
    addScripts('data-team="favorites" data-key="abc"');
    const [host] = createSportSpyder('test').init();
    expect(text(host!)).toContain(HEADLINE_TEXTS.favorites);
    expect(calls).toHaveLength(0);
  });

  it('follows prefers-color-scheme live with data-theme="auto" and keeps a fixed theme', () => {
    server.use(articlesHandler().handler);
    const listeners: Array<() => void> = [];
    const mq = {
      matches: false,
      addEventListener: (_: string, l: () => void) => listeners.push(l),
      removeEventListener: vi.fn(),
    };
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => mq),
    );
    addScripts('data-team="nfl/green-bay-packers" data-theme="auto"', 'data-team="nfl/x" data-theme="dark"');
    const api = createSportSpyder('test');
    const [auto, dark] = api.init();
    expect(auto!.dataset.scheme).toBe('light');
    expect(dark!.dataset.scheme).toBe('dark');
    mq.matches = true;
    for (const l of listeners) l();
    expect(auto!.dataset.scheme).toBe('dark');
    api.destroy(auto);
    expect(mq.removeEventListener).toHaveBeenCalled();
  });

  it('waits with data-lazy until the embed is scrolled near', async () => {
    const { handler, calls } = articlesHandler();
    server.use(handler);
    let fire: ((entries: Array<{ isIntersecting: boolean }>) => void) | undefined;
    let options: IntersectionObserverInit | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: typeof fire, o: IntersectionObserverInit) {
          fire = cb;
          options = o;
        }
        observe() {}
        disconnect() {}
      },
    );
    addScripts('data-team="nfl/green-bay-packers" data-lazy');
    const [host] = createSportSpyder('test').init();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    expect(options?.rootMargin).toBe('200px');
    fire?.([{ isIntersecting: true }]);
    await waitFor(() => expect(rows(host!)).toHaveLength(6));
    expect(calls).toHaveLength(1);
  });

  it('init() mounts tags added later and never mounts a tag twice', async () => {
    server.use(articlesHandler().handler);
    addScripts('data-team="nfl/green-bay-packers"');
    const api = createSportSpyder('test');
    expect(api.init()).toHaveLength(1);
    addScripts('data-team="nfl/green-bay-packers" data-limit="2"');
    const late = api.init();
    expect(late).toHaveLength(1);
    await waitFor(() => expect(rows(late[0]!)).toHaveLength(2));
    expect(api.init()).toHaveLength(0);
    expect(hosts()).toHaveLength(2);
  });

  it('destroy(el) removes one embed and destroy() the rest', () => {
    server.use(articlesHandler().handler);
    const [first] = addScripts('data-team="nfl/a"', 'data-team="nfl/b"', 'data-team="nfl/c"');
    const api = createSportSpyder('test');
    const [, second] = api.init();
    api.destroy(second);
    expect(hosts()).toHaveLength(2);
    api.destroy(first);
    expect(hosts()).toHaveLength(1);
    api.destroy();
    expect(hosts()).toHaveLength(0);
  });
});

describe('the bundle entry', () => {
  it('creates exactly one global however many times it runs', async () => {
    server.use(articlesHandler().handler);
    addScripts('data-team="nfl/green-bay-packers"');
    const before = Object.keys(window).length;
    await import('../../headline.js');
    const api = (window as SportSpyderWindow).SportSpyder;
    expect(api).toBeDefined();
    addScripts('data-team="nfl/a"');
    vi.resetModules();
    await import('../../headline.js');
    expect((window as SportSpyderWindow).SportSpyder).toBe(api);
    expect(Object.keys(window).length).toBe(before);
    expect(Object.getOwnPropertyNames(window)).toContain('SportSpyder');
    expect(hosts()).toHaveLength(2);
    api!.destroy();
  });
});

// @vitest-environment happy-dom
// The demo video player (issue 17): a clock over the video's length with a play/pause button and the
// keyboard, speaking YouTube's postMessage API to the framing page of its own origin only. The page's
// structure passes axe; colours and the real frame are checked in Chromium (tests/e2e/video-events.e2e.ts).
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_VIDEO_DEFAULT_DURATION_S, demoVideoPage, demoVideoPlayerScript } from '../demo-video-page.js';

interface Posted {
  message: { event: string; info: unknown; id: unknown };
  origin: string;
}

let posted: Posted[];
let parentWindow: { postMessage: (message: string, origin: string) => void };

// Each test loads the page again in the same window: the listeners the script adds are removed after it.
const cleanups: (() => void)[] = [];

function runScript() {
  const targets: EventTarget[] = [window, document];
  const originals = targets.map((target) => target.addEventListener);
  targets.forEach((target, i) => {
    target.addEventListener = (type: string, listener: EventListenerOrEventListenerObject | null) => {
      cleanups.push(() => target.removeEventListener(type, listener));
      originals[i]?.call(target, type, listener);
    };
  });
  try {
    new Function(demoVideoPlayerScript())();
  } finally {
    targets.forEach((target, i) => {
      target.addEventListener = originals[i] as EventTarget['addEventListener'];
    });
  }
}

/** Renders the page for a video of `duration` seconds, framed by a fake parent, and runs its script. */
function load(duration: number | null = 30) {
  const html = demoVideoPage({
    title: 'Film room: the goal-line stand',
    channel: 'Packers Tube',
    image_url: null,
    duration,
  });
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    html,
    'text/html',
  ).documentElement.innerHTML;
  document.documentElement.lang = 'en';
  posted = [];
  parentWindow = { postMessage: (message, origin) => posted.push({ message: JSON.parse(message), origin }) };
  Object.defineProperty(window, 'parent', { configurable: true, get: () => parentWindow });
  runScript();
  return {
    button: () => document.querySelector('button') as HTMLButtonElement,
    elapsed: () => document.querySelector('[data-demo-elapsed]')?.textContent,
    status: () => document.querySelector('[role="status"]')?.textContent,
  };
}

/** A message from the framing page (or from elsewhere). */
function say(data: unknown, from: { origin?: string; source?: unknown } = {}) {
  const event = new MessageEvent('message', {
    data: JSON.stringify(data),
    origin: from.origin ?? location.origin,
  });
  Object.defineProperty(event, 'source', { value: from.source ?? parentWindow });
  window.dispatchEvent(event);
}

const states = () => posted.filter((p) => p.message.event === 'onStateChange').map((p) => p.message.info);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.useRealTimers();
});

describe('the demo video page', () => {
  it('has no serious or critical axe violation and names its controls', async () => {
    vi.useRealTimers();
    load();
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => v.id)).toEqual([]);
    expect(document.querySelector('h1')?.textContent).toBe('Film room: the goal-line stand');
    expect(document.querySelector('button')?.getAttribute('aria-label')).toBe('Play video');
    expect(document.querySelector('progress')?.getAttribute('aria-label')).toBe('Video progress');
    expect(document.body.textContent).toContain('0:00 / 0:30');
  });

  it('uses a default length when the feed gave none', () => {
    load(null);
    expect(document.querySelector('[data-duration]')?.getAttribute('data-duration')).toBe(
      String(DEMO_VIDEO_DEFAULT_DURATION_S),
    );
  });
});

describe('the demo player', () => {
  it('answers "listening" with its state and length, to its own origin only', () => {
    load();
    say({ event: 'listening', id: 'ss-video-1', channel: 'widget' });
    expect(posted.map((p) => [p.message.event, p.message.id, p.origin])).toEqual([
      ['initialDelivery', 'ss-video-1', location.origin],
      ['onReady', 'ss-video-1', location.origin],
    ]);
    expect(posted[0]?.message.info).toEqual({
      playerState: -1,
      currentTime: 0,
      duration: 30,
      playbackRate: 1,
    });
  });

  it('says nothing to a page that did not say "listening", and ignores other origins and windows', () => {
    const { button } = load();
    button().click();
    say({ event: 'listening', id: 'x' }, { origin: 'https://evil.example' });
    say({ event: 'listening', id: 'x' }, { source: window });
    say({ event: 'command', func: 'pauseVideo' }, { origin: 'https://evil.example' });
    expect(posted).toEqual([]);
    expect(button().textContent).toBe('Pause');
  });

  it('plays with the button: playing 1, a time report every 250 ms, paused 2 at the time reached', async () => {
    const { button, elapsed, status } = load(95);
    say({ event: 'listening', id: 'p' });
    posted.length = 0;
    button().click();
    expect(states()).toEqual([1]);
    expect(button().getAttribute('aria-label')).toBe('Pause video');
    expect(status()).toBe('Playing');
    await vi.advanceTimersByTimeAsync(25_000);
    const reports = posted.filter((p) => p.message.event === 'infoDelivery');
    expect(reports.length).toBeGreaterThanOrEqual(100);
    button().click();
    expect(states()).toEqual([1, 2]);
    const last = posted.at(-1)?.message.info as { playerState: number; currentTime: number };
    expect(last.playerState).toBe(2);
    expect(last.currentTime).toBeCloseTo(25, 1);
    expect(elapsed()).toBe('0:25');
    expect(status()).toBe('Paused');
    // Paused, the clock stands still and nothing more is reported.
    const count = posted.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(posted.length).toBe(count);
  });

  it('ends at the end (state 0), then plays again from the start', async () => {
    const { button, elapsed } = load(30);
    say({ event: 'listening', id: 'p' });
    button().click();
    await vi.advanceTimersByTimeAsync(31_000);
    expect(states()).toEqual([1, 0]);
    expect(elapsed()).toBe('0:30');
    expect(button().textContent).toBe('Replay');
    button().click();
    expect(states()).toEqual([1, 0, 1]);
    expect(elapsed()).toBe('0:00');
  });

  it('obeys playVideo, pauseVideo and seekTo from the framing page', async () => {
    const { elapsed } = load(95);
    say({ event: 'listening', id: 'p' });
    say({ event: 'command', func: 'playVideo', args: [] });
    await vi.advanceTimersByTimeAsync(2_000);
    say({ event: 'command', func: 'seekTo', args: [60, true] });
    say({ event: 'command', func: 'pauseVideo', args: [] });
    expect(states()).toEqual([1, 2]);
    expect(elapsed()).toBe('1:00');
  });

  it('plays and pauses with Space or K and seeks 5 s with the arrows', async () => {
    const { elapsed } = load(95);
    say({ event: 'listening', id: 'p' });
    const key = (k: string) =>
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    key(' ');
    await vi.advanceTimersByTimeAsync(3_000);
    key('k');
    expect(states()).toEqual([1, 2]);
    expect(elapsed()).toBe('0:03');
    key('ArrowRight');
    expect(elapsed()).toBe('0:08');
    key('ArrowLeft');
    key('ArrowLeft');
    expect(elapsed()).toBe('0:00');
  });
});

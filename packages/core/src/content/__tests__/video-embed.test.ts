// The player frame protocol (YouTube's postMessage API, also spoken by the demo player): hello until the
// frame answers, strict origin and window checks, state / time / rate / error reports, and the time
// between reports.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  VIDEO_EMBED_HELLO_INTERVAL_MS,
  VIDEO_EMBED_HELLO_TRIES,
  YOUTUBE_EMBED_ORIGINS,
} from '../../constants.js';
import {
  connectVideoEmbed,
  type EmbedFrameWindow,
  type EmbedMessageEvent,
  type EmbedMessageTarget,
  readEmbedMessage,
  videoEmbedOrigin,
} from '../video-embed.js';

const SITE = 'https://sportspyder.example';
const YT = 'https://www.youtube-nocookie.com';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The page's window: dispatches messages to its listeners. */
function fakePage() {
  const listeners = new Set<(event: EmbedMessageEvent) => void>();
  const target: EmbedMessageTarget = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  return {
    target,
    deliver(event: EmbedMessageEvent) {
      for (const listener of listeners) listener(event);
    },
    listenerCount: () => listeners.size,
  };
}

/** A frame window that records what the page posts to it. */
function fakeFrame() {
  const posted: { message: Record<string, unknown>; origin: string }[] = [];
  const frame: EmbedFrameWindow = {
    postMessage: (message, origin) => posted.push({ message: JSON.parse(message), origin }),
  };
  return { frame, posted };
}

function setup(origin = YT) {
  const page = fakePage();
  const { frame, posted } = fakeFrame();
  const embed = connectVideoEmbed({ frame: () => frame, origin, target: page.target, id: 'p1' });
  const say = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
    page.deliver({ data, origin: from.origin ?? origin, source: from.source ?? frame });
  return { page, frame, posted, embed, say };
}

describe('videoEmbedOrigin', () => {
  it("accepts YouTube's embed hosts and the page's own pages, nothing else", () => {
    expect(YOUTUBE_EMBED_ORIGINS).toEqual([YT, 'https://www.youtube.com']);
    expect(videoEmbedOrigin(`${YT}/embed/abc?enablejsapi=1`, SITE)).toBe(YT);
    expect(videoEmbedOrigin('https://www.youtube.com/embed/abc', SITE)).toBe('https://www.youtube.com');
    expect(videoEmbedOrigin('/demo/videos/abc', SITE)).toBe(SITE);
    expect(videoEmbedOrigin(`${SITE}/demo/videos/abc`, SITE)).toBe(SITE);
    expect(videoEmbedOrigin('https://youtube.com.evil.example/embed/abc', SITE)).toBeNull();
    expect(videoEmbedOrigin('http://www.youtube-nocookie.com/embed/abc', SITE)).toBeNull();
    expect(videoEmbedOrigin('https://other.example/demo/videos/abc', SITE)).toBeNull();
    expect(videoEmbedOrigin('data:text/html,hi', SITE)).toBeNull();
  });
});

describe('readEmbedMessage', () => {
  it('reads JSON strings and objects with an event name, and nothing else', () => {
    expect(readEmbedMessage('{"event":"onStateChange","info":1}')).toEqual({
      event: 'onStateChange',
      info: 1,
    });
    expect(readEmbedMessage({ event: 'onError', info: 150 })).toEqual({ event: 'onError', info: 150 });
    expect(readEmbedMessage('not json')).toBeNull();
    expect(readEmbedMessage('{"info":1}')).toBeNull();
    expect(readEmbedMessage(null)).toBeNull();
    expect(readEmbedMessage(7)).toBeNull();
  });
});

describe('connectVideoEmbed', () => {
  it('says "listening" to the frame with its origin (never "*") every 250 ms until the frame answers', async () => {
    const { posted, say, embed } = setup();
    expect(posted).toEqual([{ message: { event: 'listening', id: 'p1', channel: 'widget' }, origin: YT }]);
    await vi.advanceTimersByTimeAsync(VIDEO_EMBED_HELLO_INTERVAL_MS * 2);
    expect(posted).toHaveLength(3);
    say('{"event":"onReady","id":"p1"}');
    expect(embed.getSnapshot().connected).toBe(true);
    await vi.advanceTimersByTimeAsync(VIDEO_EMBED_HELLO_INTERVAL_MS * 10);
    expect(posted).toHaveLength(3);
    // A frame that loads again is a new page: it hears the hello again.
    embed.listen();
    expect(posted).toHaveLength(4);
    expect(posted.every((p) => p.origin === YT)).toBe(true);
    embed.destroy();
  });

  it('gives up after 40 hellos (10 s) when the frame never answers', async () => {
    const { posted, embed } = setup();
    expect(VIDEO_EMBED_HELLO_TRIES).toBe(40);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posted).toHaveLength(40);
    embed.destroy();
  });

  it('keeps the state, time, length, rate and error the frame reports', () => {
    const { say, embed } = setup();
    say(
      JSON.stringify({ event: 'initialDelivery', info: { playerState: -1, currentTime: 0, duration: 95 } }),
    );
    expect(embed.getSnapshot()).toEqual({
      connected: true,
      state: -1,
      currentTime: 0,
      duration: 95,
      rate: 1,
      error: null,
    });
    say('{"event":"onStateChange","info":1}');
    say('{"event":"infoDelivery","info":{"currentTime":12.5,"playbackRate":1.5}}');
    say('{"event":"onPlaybackRateChange","info":2}');
    say('{"event":"onError","info":150}');
    expect(embed.getSnapshot()).toMatchObject({ state: 1, currentTime: 12.5, rate: 2, error: 150 });
    embed.destroy();
  });

  it('ignores messages from another origin, from another frame of the same origin, and malformed ones', () => {
    const { say, embed } = setup();
    const before = embed.getSnapshot();
    say('{"event":"onStateChange","info":1}', { origin: 'https://evil.example' });
    say('{"event":"onStateChange","info":1}', { origin: 'https://www.youtube.com' });
    say('{"event":"onStateChange","info":1}', { source: fakeFrame().frame });
    say('{"event":"onStateChange"');
    say({ event: 'infoDelivery', info: { playerState: 'playing', currentTime: 'x' } });
    expect(embed.getSnapshot().state).toBe(before.state);
    expect(embed.getSnapshot().currentTime).toBe(0);
    embed.destroy();
  });

  it('moves the time on with the clock while playing (at the rate), holds it while paused, and stops at the end', async () => {
    const { say, embed } = setup();
    say('{"event":"infoDelivery","info":{"playerState":1,"currentTime":10,"duration":30}}');
    await vi.advanceTimersByTimeAsync(4_000);
    expect(embed.currentTime()).toBeCloseTo(14);
    say('{"event":"onPlaybackRateChange","info":2}');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(embed.currentTime()).toBeCloseTo(16);
    say('{"event":"onStateChange","info":2}');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(embed.currentTime()).toBeCloseTo(16);
    say('{"event":"onStateChange","info":1}');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(embed.currentTime()).toBe(30);
    embed.destroy();
  });

  it('sends commands to the frame and stops listening once destroyed', () => {
    const { page, posted, embed, say } = setup(SITE);
    embed.command('pauseVideo');
    expect(posted.at(-1)).toEqual({
      message: { event: 'command', func: 'pauseVideo', args: [], id: 'p1', channel: 'widget' },
      origin: SITE,
    });
    embed.destroy();
    expect(page.listenerCount()).toBe(0);
    say('{"event":"onStateChange","info":1}');
    expect(embed.getSnapshot().state).toBeNull();
  });
});

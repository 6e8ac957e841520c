// The browser adapter over an audio element, and the fake media's clock, failures and buffering.
import { describe, expect, it, vi } from 'vitest';
import { type AudioElementLike, htmlAudioAdapter } from '../media-adapter.js';
import { createFakeMedia } from '../testing/fake-media.js';

function fakeElement() {
  const attributes = new Map<string, string>();
  const listeners = new Map<string, Set<() => void>>();
  const element = {
    currentTime: 0,
    duration: Number.POSITIVE_INFINITY,
    playbackRate: 1,
    volume: 1,
    paused: true,
    preload: 'auto',
    get src() {
      return attributes.get('src') ?? '';
    },
    set src(value: string) {
      attributes.set('src', value);
    },
    play: vi.fn(async () => undefined),
    pause: vi.fn(),
    load: vi.fn(),
    getAttribute: (name: string) => attributes.get(name) ?? null,
    removeAttribute: (name: string) => {
      attributes.delete(name);
    },
    addEventListener: (type: string, listener: () => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)?.add(listener);
    },
    removeEventListener: (type: string, listener: () => void) => listeners.get(type)?.delete(listener),
    fire: (type: string) => {
      for (const listener of listeners.get(type) ?? []) listener();
    },
  };
  return element satisfies AudioElementLike;
}

describe('htmlAudioAdapter', () => {
  it('drives the element, unloads quietly and forwards events', () => {
    const element = fakeElement();
    const media = htmlAudioAdapter(element);
    expect(element.preload).toBe('metadata');
    media.src = 'https://audio.test/1.mp3';
    expect(media.src).toBe('https://audio.test/1.mp3');
    expect(Number.isNaN(media.duration)).toBe(true); // a live stream's Infinity is "unknown"
    media.playbackRate = 1.5;
    media.volume = 0.2;
    media.currentTime = 12;
    expect([element.playbackRate, element.volume, element.currentTime]).toEqual([1.5, 0.2, 12]);
    const listener = vi.fn();
    const off = media.on('timeupdate', listener);
    element.fire('timeupdate');
    off();
    element.fire('timeupdate');
    expect(listener).toHaveBeenCalledTimes(1);
    media.src = '';
    expect(element.getAttribute('src')).toBeNull();
    expect(element.load).toHaveBeenCalledTimes(1);
  });
});

describe('createFakeMedia', () => {
  it('advances by ms * playbackRate while playing and ends with pause then ended', async () => {
    const media = createFakeMedia({ duration: 10 });
    const seen: string[] = [];
    for (const name of ['playing', 'pause', 'ended', 'loadedmetadata'] as const)
      media.on(name, () => seen.push(name));
    media.src = 'x.mp3';
    media.advance(1000);
    expect(media.currentTime).toBe(0); // not playing
    await media.play();
    media.playbackRate = 2;
    media.advance(2000);
    expect(media.currentTime).toBe(4);
    media.startBuffering();
    media.advance(2000);
    expect(media.currentTime).toBe(4);
    media.stopBuffering();
    media.advance(10_000);
    expect(media.currentTime).toBe(10);
    expect(seen).toEqual(['loadedmetadata', 'playing', 'playing', 'pause', 'ended']);
  });

  it('fails a load with an error event and a rejected play', async () => {
    const media = createFakeMedia();
    const onError = vi.fn();
    media.on('error', onError);
    media.src = 'gone.mp3';
    media.failNextLoad();
    await expect(media.play()).rejects.toThrow();
    expect(onError).toHaveBeenCalledTimes(1);
    await expect(media.play()).resolves.toBeUndefined();
  });
});

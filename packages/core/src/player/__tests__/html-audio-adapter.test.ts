// @vitest-environment happy-dom
// The page's one player audio element: mounted hidden in the document, reused, and driven through the adapter.
import { afterEach, describe, expect, it } from 'vitest';
import { htmlAudioMediaAdapter, mountPlayerAudio, PLAYER_AUDIO_ATTRIBUTE } from '../html-audio-adapter.js';

afterEach(() => {
  for (const node of document.querySelectorAll('audio')) node.remove();
});

describe('mountPlayerAudio', () => {
  it('appends one hidden audio element to the body and reuses it on a second mount', () => {
    const first = mountPlayerAudio();
    const second = mountPlayerAudio();
    const elements = document.querySelectorAll(`audio[${PLAYER_AUDIO_ATTRIBUTE}]`);
    expect(elements).toHaveLength(1);
    expect(first.element).toBe(elements[0]);
    expect(second.element).toBe(first.element);
    expect((elements[0] as HTMLAudioElement).hidden).toBe(true);
    expect((elements[0] as HTMLAudioElement).preload).toBe('metadata');
  });

  it('drives the element: source, speed, volume and position go through the adapter', () => {
    const { element, media } = mountPlayerAudio();
    media.src = 'https://example.test/a.mp3';
    media.playbackRate = 1.5;
    media.volume = 0.25;
    expect(element.getAttribute('src')).toBe('https://example.test/a.mp3');
    expect(media.src).toBe('https://example.test/a.mp3');
    expect(element.playbackRate).toBe(1.5);
    expect(element.volume).toBe(0.25);
    media.src = '';
    expect(element.getAttribute('src')).toBeNull();
    expect(media.src).toBe('');
  });

  it('appends to the given parent', () => {
    const parent = document.createElement('div');
    document.body.append(parent);
    const { element } = mountPlayerAudio({ parent });
    expect(parent.querySelector('audio')).toBe(element);
    parent.remove();
  });

  it('forwards media events until unsubscribed', () => {
    const { element, media } = mountPlayerAudio();
    let calls = 0;
    const off = media.on('ended', () => calls++);
    (element as unknown as HTMLAudioElement).dispatchEvent(new Event('ended'));
    off();
    (element as unknown as HTMLAudioElement).dispatchEvent(new Event('ended'));
    expect(calls).toBe(1);
  });
});

describe('htmlAudioMediaAdapter', () => {
  it('wraps a given element without mounting one', () => {
    const audio = document.createElement('audio');
    const media = htmlAudioMediaAdapter(audio as never);
    media.src = 'https://example.test/b.mp3';
    expect(audio.getAttribute('src')).toBe('https://example.test/b.mp3');
    expect(document.querySelector(`audio[${PLAYER_AUDIO_ATTRIBUTE}]`)).toBeNull();
  });
});

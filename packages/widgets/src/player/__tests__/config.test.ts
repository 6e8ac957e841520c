// The options a publisher writes on the player's script tag, as the embed reads them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPlayerConfig } from '../config.js';
import { addPlayerScripts, ORIGIN } from './helpers.js';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('readPlayerConfig', () => {
  it('reads an episode id, the origin of src, and the defaults', () => {
    const [script] = addPlayerScripts('data-episode="12"');
    expect(readPlayerConfig(script!)).toEqual({
      origin: ORIGIN,
      source: { kind: 'episode', id: 12 },
      theme: 'light',
      start: null,
      target: undefined,
      nonce: undefined,
    });
  });

  it('reads a podcast id, the theme, the start time, the target and the nonce', () => {
    const [script] = addPlayerScripts(
      'data-podcast="7" data-theme="dark" data-start="90" data-target="#box" data-nonce="abc"',
    );
    expect(readPlayerConfig(script!)).toMatchObject({
      source: { kind: 'podcast', id: 7 },
      theme: 'dark',
      start: 90,
      target: '#box',
      nonce: 'abc',
    });
  });

  it.each([
    ['data-episode=""', 'data-episode must be a numeric id'],
    ['data-episode="abc"', 'data-episode must be a numeric id'],
    ['data-podcast="-3"', 'data-podcast must be a numeric id'],
  ])('mounts nothing for %s and warns', (attrs, warning) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [script] = addPlayerScripts(attrs);
    expect(readPlayerConfig(script!)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(warning));
  });

  it('ignores a start that is not a number of seconds, with a warning, and an unknown theme', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [script] = addPlayerScripts('data-episode="12" data-start="soon" data-theme="neon"');
    expect(readPlayerConfig(script!)).toMatchObject({ start: null, theme: 'light' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('data-start "soon"'));
  });

  it('treats a start of 0 as no start', () => {
    const [script] = addPlayerScripts('data-episode="12" data-start="0"');
    expect(readPlayerConfig(script!)?.start).toBeNull();
  });
});

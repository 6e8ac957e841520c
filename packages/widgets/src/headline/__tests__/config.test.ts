// The embed's options from its script tag: defaults, the 1..12 limit with a console warning, themes, origin.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readHeadlineConfig } from '../config.js';
import { addScripts } from './helpers.js';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('readHeadlineConfig', () => {
  it('reads team, defaults and the origin of the script src', () => {
    const [script] = addScripts('data-team="nfl/green-bay-packers"');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readHeadlineConfig(script!)).toMatchObject({
      origin: 'https://sportspyder.test',
      sport: 'nfl',
      team: 'green-bay-packers',
      favorites: false,
      limit: 6,
      theme: 'light',
      lazy: false,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['20', 12],
    ['0', 1],
    ['-3', 1],
    ['abc', 6],
  ])('clamps data-limit="%s" to %i with a console warning', (value, limit) => {
    const [script] = addScripts(`data-team="nfl/green-bay-packers" data-limit="${value}"`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readHeadlineConfig(script!)?.limit).toBe(limit);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`data-limit "${value}"`));
  });

  it('accepts limits 1..12 without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const n of [1, 6, 12]) {
      const [script] = addScripts(`data-team="nfl/green-bay-packers" data-limit="${n}"`);
      expect(readHeadlineConfig(script!)?.limit).toBe(n);
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads theme, lazy, target, nonce and favorites with a key', () => {
    const [script] = addScripts(
      'data-team="favorites" data-key="k1" data-theme="dark" data-lazy data-target="#box" data-nonce="n0"',
    );
    expect(readHeadlineConfig(script!)).toMatchObject({
      favorites: true,
      key: 'k1',
      theme: 'dark',
      lazy: true,
      target: '#box',
      nonce: 'n0',
    });
  });

  it('refuses a data-team that is not {sport}/{team} with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [script] = addScripts('data-team="packers"');
    expect(readHeadlineConfig(script!)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('data-team'));
  });
});

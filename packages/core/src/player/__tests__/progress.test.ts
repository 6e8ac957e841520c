// Pure helpers: time rounding, progress, remaining time, speed badge, play button state, deep-link
// start times and the Space rule.
import { describe, expect, it } from 'vitest';
import { shouldToggleOnSpace } from '../keyboard.js';
import {
  listenProgressPercent,
  playButtonState,
  remainingLabel,
  roundTime,
  speedLabel,
} from '../progress.js';
import { parseStartTime } from '../start-time.js';

describe('roundTime', () => {
  it.each([
    [12.34, 12.3],
    [12.35, 12.4],
    [0, 0],
    [Number.NaN, 0],
  ])('%s -> %s', (input, expected) => {
    expect(roundTime(input)).toBe(expected);
  });
});

describe('listenProgressPercent', () => {
  it.each([
    [0, 600, 0],
    [150, 600, 25],
    [600, 600, 100],
    [700, 600, 100],
    [10, null, 0],
    [10, 0, 0],
  ])('time %s of %s is %s%%', (time, duration, expected) => {
    expect(listenProgressPercent(time, duration)).toBe(expected);
  });
});

describe('remainingLabel', () => {
  it.each([
    [0, 3900, 1, '1h 5m left'],
    [0, 1440, 1, '24m left'],
    [0, 1440, 2, '12m left'],
    [0, 3900, 1.5, '43m left'],
    [555, 600, 1, '45s left'],
    [555, 600, 1.5, '30s left'],
    [600, 600, 1, '0s left'],
    [0, null, 1, ''],
  ])('time %s of %s at %sx reads %s', (time, duration, speed, expected) => {
    expect(remainingLabel(time, duration, speed)).toBe(expected);
  });
});

describe('speedLabel', () => {
  it.each([
    [1, ''],
    [1.2, '1.2x'],
    [1.5, '1.5x'],
    [2, '2x'],
    [2.5, '2.5x'],
  ])('%s -> %j', (speed, expected) => {
    expect(speedLabel(speed)).toBe(expected);
  });
});

describe('playButtonState', () => {
  const memory = { completed: [3] };
  it.each([
    [5, { status: 'loading', episode: { id: 5 } }, 'loading'],
    [5, { status: 'buffering', episode: { id: 5 } }, 'loading'],
    [5, { status: 'playing', episode: { id: 5 } }, 'playing'],
    [5, { status: 'paused', episode: { id: 5 } }, 'play'],
    [6, { status: 'playing', episode: { id: 5 } }, 'play'],
    [3, { status: 'idle', episode: null }, 'completed'],
    [3, { status: 'playing', episode: { id: 3 } }, 'playing'],
  ] as const)('episode %s with %j shows %s', (id, snapshot, expected) => {
    expect(playButtonState(id, snapshot, memory)).toBe(expected);
  });
});

describe('parseStartTime', () => {
  it.each([
    ['?t=90', 90],
    ['t=90', 90],
    ['90', 90],
    ['1:30', 90],
    ['1:02:03', 3723],
    ['1h2m3s', 3723],
    ['2m', 120],
    ['45s', 45],
    ['https://sportspyder.com/podcasts/1/episodes/2?t=1m5s', 65],
    ['?page=2', null],
    ['abc', null],
    ['', null],
    [null, null],
  ])('%j -> %s', (input, expected) => {
    expect(parseStartTime(input)).toBe(expected);
  });
});

describe('shouldToggleOnSpace', () => {
  it.each([
    [{ tagName: 'INPUT' }, false],
    [{ tagName: 'textarea' }, false],
    [{ tagName: 'BUTTON' }, false],
    [{ tagName: 'DIV', isContentEditable: true }, false],
    [{ tagName: 'A' }, true],
    [{ tagName: 'BODY' }, true],
    [null, true],
  ])('%j -> %s', (target, expected) => {
    expect(shouldToggleOnSpace(target)).toBe(expected);
  });
});

// mergeListeningData: the pure merge of the server's listening data into local player memory.
import { describe, expect, it } from 'vitest';
import { COMPLETED_EPISODES_MAX, RECENT_EPISODES_MAX } from '../constants.js';
import {
  emptyPlayerMemory,
  type LocalEpisode,
  mergeListeningData,
  readPlayerMemory,
} from '../player-memory.js';
import { memoryStorage } from '../storage.js';

const episode: LocalEpisode = {
  id: 100,
  title: 'Episode',
  imageUrl: null,
  enclosureUrl: 'https://example.test/a.mp3',
  duration: 600,
  podcastTitle: 'Pod',
};

describe('mergeListeningData', () => {
  it('returns the local memory unchanged without server data', () => {
    const local = emptyPlayerMemory();
    expect(mergeListeningData(local, null)).toBe(local);
  });

  it('unions recents, local first, without duplicates', () => {
    const local = {
      ...emptyPlayerMemory(),
      recents: [
        { id: 1, time: 10 },
        { id: 2, time: 20 },
      ],
    };
    const merged = mergeListeningData(local, {
      recents: [
        { id: 2, time: 99 },
        { id: 3, time: 30 },
      ],
      completed: [],
      times: {},
      episode: null,
    });
    expect(merged.recents).toEqual([
      { id: 1, time: 10 },
      { id: 2, time: 20 },
      { id: 3, time: 30 },
    ]);
    expect(local.recents).toHaveLength(2);
  });

  it('keeps at most 20 recents and drops the saved time of the ones cut off', () => {
    const localRecents = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, time: 1 }));
    const serverRecents = Array.from({ length: 10 }, (_, i) => ({ id: 100 + i, time: 2 }));
    const times = Object.fromEntries(serverRecents.map((r) => [String(r.id), r.time]));
    const merged = mergeListeningData(
      { ...emptyPlayerMemory(), recents: localRecents },
      { recents: serverRecents, completed: [], times, episode: null },
    );
    expect(merged.recents).toHaveLength(RECENT_EPISODES_MAX);
    expect(merged.recents.at(-1)?.id).toBe(104);
    expect(merged.times['104']).toBe(2);
    expect(merged.times['105']).toBeUndefined();
  });

  it('unions completed ids up to 50', () => {
    const merged = mergeListeningData(
      { ...emptyPlayerMemory(), completed: [1, 2] },
      { recents: [], completed: Array.from({ length: 60 }, (_, i) => i + 2), times: {}, episode: null },
    );
    expect(merged.completed).toHaveLength(COMPLETED_EPISODES_MAX);
    expect(merged.completed.slice(0, 3)).toEqual([1, 2, 3]);
  });

  it('uses the server time only where the device has none', () => {
    const merged = mergeListeningData(
      { ...emptyPlayerMemory(), times: { '1': 12.5 } },
      { recents: [], completed: [], times: { '1': 300, '2': 45 }, episode: null },
    );
    expect(merged.times).toEqual({ '1': 12.5, '2': 45 });
  });

  it('remembers the server episode only when the device has none loaded and did not close it', () => {
    const server = { recents: [], completed: [], times: {}, episode: 7 };
    expect(mergeListeningData(emptyPlayerMemory(), server).serverEpisodeId).toBe(7);
    expect(mergeListeningData({ ...emptyPlayerMemory(), episode }, server).serverEpisodeId).toBeNull();
    expect(
      mergeListeningData({ ...emptyPlayerMemory(), closedEpisodeId: 7 }, server).serverEpisodeId,
    ).toBeNull();
  });
});

describe('readPlayerMemory', () => {
  it('falls back to defaults for missing or corrupt data', () => {
    const storage = memoryStorage({ 'sportspyder:player': '{not json' });
    expect(readPlayerMemory(storage)).toEqual(emptyPlayerMemory());
    storage.setItem('sportspyder:player', JSON.stringify({ speed: 1.5, recents: 'x' }));
    expect(readPlayerMemory(storage)).toMatchObject({ speed: 1.5, recents: [], volume: 0.5 });
  });
});

// Local player memory updates: recents capped at 20 (the oldest dropped with its time), completed
// capped at 50, episodes, durations and an episode's previous and next remembered.
import { describe, expect, it } from 'vitest';
import { emptyPlayerMemory } from '../../player-memory.js';
import {
  markCompleted,
  pushRecent,
  rememberDuration,
  rememberEpisode,
  rememberNeighbours,
  saveTime,
  toLocalEpisode,
} from '../memory-ops.js';
import { episode } from './helpers.js';

describe('pushRecent', () => {
  it('keeps 20 recents, newest first, and drops the oldest together with its time', () => {
    let memory = emptyPlayerMemory();
    for (let id = 1; id <= 20; id++) memory = pushRecent(memory, id, id * 10).memory;
    expect(memory.recents).toHaveLength(20);
    expect(memory.times['1']).toBe(10);
    const { memory: after, added } = pushRecent(memory, 21, 0);
    expect(added).toBe(true);
    expect(after.recents).toHaveLength(20);
    expect(after.recents[0]).toEqual({ id: 21, time: 0 });
    expect(after.recents.some((r) => r.id === 1)).toBe(false);
    expect(after.times['1']).toBeUndefined();
    expect(after.times['2']).toBe(20);
  });

  it('moves an existing recent to the front without counting it as added', () => {
    let memory = emptyPlayerMemory();
    memory = pushRecent(memory, 1, 5).memory;
    memory = pushRecent(memory, 2, 5).memory;
    const result = pushRecent(memory, 1, 7);
    expect(result.added).toBe(false);
    expect(result.memory.recents.map((r) => r.id)).toEqual([1, 2]);
  });
});

describe('markCompleted', () => {
  it('keeps 50 completed ids, newest first, without duplicates', () => {
    let memory = emptyPlayerMemory();
    for (let id = 1; id <= 51; id++) memory = markCompleted(memory, id);
    expect(memory.completed).toHaveLength(50);
    expect(memory.completed[0]).toBe(51);
    expect(memory.completed).not.toContain(1);
    memory = markCompleted(memory, 30);
    expect(memory.completed[0]).toBe(30);
    expect(memory.completed.filter((id) => id === 30)).toHaveLength(1);
  });
});

describe('episode, time and duration', () => {
  it('stores the current episode fields of spec 1 §3 and forgets a closed id when replayed', () => {
    const local = toLocalEpisode(episode(4));
    expect(local).toEqual({
      id: 4,
      title: 'Episode 4',
      imageUrl: 'https://img.test/4.jpg',
      enclosureUrl: 'https://audio.test/4.mp3',
      duration: 600,
      podcastTitle: 'The Pod',
    });
    const memory = rememberEpisode({ ...emptyPlayerMemory(), closedEpisodeId: 4 }, local);
    expect(memory.episode).toEqual(local);
    expect(memory.closedEpisodeId).toBeNull();
    expect(memory.durations['4']).toBe(600);
  });

  it('saves a time into times and the recents entry, and a duration', () => {
    let memory = pushRecent(emptyPlayerMemory(), 4, 0).memory;
    memory = saveTime(memory, 4, 33.3);
    expect(memory.times['4']).toBe(33.3);
    expect(memory.recents[0]).toEqual({ id: 4, time: 33.3 });
    memory = rememberDuration(memory, 4, 1234);
    expect(memory.durations['4']).toBe(1234);
    expect(rememberDuration(memory, 4, Number.NaN)).toBe(memory);
  });
});

describe('rememberNeighbours', () => {
  it("keeps one episode's previous and next, replacing another episode's", () => {
    let memory = rememberNeighbours(emptyPlayerMemory(), 5, episode(4), episode(6));
    expect(memory.neighbours).toEqual({ id: 5, previous: episode(4), next: episode(6) });
    memory = rememberNeighbours(memory, 6, episode(5), null);
    expect(memory.neighbours).toEqual({ id: 6, previous: episode(5), next: null });
  });
});

// A source's health as the admin's table shows it: state, median fetch time, and the AdminSource shape.
import { describe, expect, it } from 'vitest';
import { medianMs, type SourceHealthRow, sourceState, toAdminSource } from '../source-health.js';

const row: SourceHealthRow = {
  id: 7,
  kind: 'news',
  title: 'Packers Wire',
  feedUrl: 'https://packerswire.example/feed',
  siteUrl: 'https://packerswire.example',
  origin: 'catalogue',
  sport: { id: 1, slug: 'nfl', name: 'NFL' },
  teams: [{ id: 12, slug: 'green-bay-packers', name: 'Green Bay Packers' }],
  enabled: true,
  lastFetchedAt: new Date('2026-11-20T10:00:00Z'),
  lastStatus: 200,
  lastError: null,
  lastErrorAt: null,
  failureCount: 0,
  failingSince: null,
  disabledReason: null,
  itemsPerDay: 2.5051,
  fetchMs: [300, 120, 80, 900],
  nextFetchAt: new Date('2026-11-20T10:15:00Z'),
  articleCount: 42,
  createdAt: new Date('2026-11-01T00:00:00Z'),
};

describe('sourceState', () => {
  it('is disabled when not fetched, failing after a failed fetch, else active', () => {
    expect(sourceState({ enabled: true, failureCount: 0 })).toBe('active');
    expect(sourceState({ enabled: true, failureCount: 1 })).toBe('failing');
    expect(sourceState({ enabled: false, failureCount: 5 })).toBe('disabled');
    expect(sourceState({ enabled: false, failureCount: 0 })).toBe('disabled');
  });
});

describe('medianMs', () => {
  it('takes the middle value, the mean of the two middle ones for an even count, none for none', () => {
    expect(medianMs([900, 100, 300])).toBe(300);
    expect(medianMs([300, 120, 80, 900])).toBe(210);
    expect(medianMs([5])).toBe(5);
    expect(medianMs([1, 2])).toBe(2); // 1.5 rounds up
    expect(medianMs([])).toBeNull();
  });
});

describe('toAdminSource', () => {
  it('gives the contract shape with ISO dates, the state and the median', () => {
    expect(toAdminSource(row)).toEqual({
      id: 7,
      kind: 'news',
      title: 'Packers Wire',
      feedUrl: 'https://packerswire.example/feed',
      siteUrl: 'https://packerswire.example',
      origin: 'catalogue',
      sport: { id: 1, slug: 'nfl', name: 'NFL' },
      teams: [{ id: 12, slug: 'green-bay-packers', name: 'Green Bay Packers' }],
      state: 'active',
      enabled: true,
      lastFetchedAt: '2026-11-20T10:00:00.000Z',
      lastStatus: 200,
      lastError: null,
      lastErrorAt: null,
      failureCount: 0,
      failingSince: null,
      disabledReason: null,
      itemsPerDay: 2.51,
      medianFetchMs: 210,
      nextFetchAt: '2026-11-20T10:15:00.000Z',
      articleCount: 42,
      websub: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
  });

  it('shows no next fetch for a disabled source, and its reason', () => {
    const disabled = toAdminSource({ ...row, enabled: false, disabledReason: 'Disabled by admin' });
    expect(disabled).toMatchObject({
      state: 'disabled',
      nextFetchAt: null,
      disabledReason: 'Disabled by admin',
    });
  });

  it('carries the WebSub subscription when there is one', () => {
    const websub = {
      hub: 'https://hub.example/',
      state: 'active' as const,
      leaseExpiresAt: null,
      pushes: 3,
      rejectedPushes: 1,
    };
    expect(toAdminSource(row, websub).websub).toEqual(websub);
  });
});

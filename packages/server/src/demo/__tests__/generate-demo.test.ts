// The generated demo: deterministic, big enough, every team covered, feeds the real parser accepts.
import { beforeAll, describe, expect, it } from 'vitest';
import { mapMastodonStatuses } from '../../ingest/feeds/mastodon.js';
import { type FeedItem, parseFeed } from '../../ingest/feeds/parse-feed.js';
import { xml } from '../feed-writers.js';
import { generateDemo } from '../generate-demo.js';
import { ROSTER_SLOTS } from '../positions.js';
import type { DemoData } from '../types.js';
import { NOW, referenceInput } from './reference.js';

const input = referenceInput();
let demo: DemoData;
const DAY = 86_400_000;
const parsed = new Map<string, FeedItem[]>();

beforeAll(() => {
  demo = generateDemo({ now: NOW, seed: 42, ...input });
  for (const source of demo.sources) {
    if (source.kind === 'mastodon') continue;
    const result = parseFeed(source.body, { now: NOW });
    parsed.set(source.key, result.kind === 'ok' ? result.feed.items : []);
  }
});

describe('generateDemo', () => {
  it('gives the same output for the same seed and now, and a different one for another seed', () => {
    const again = generateDemo({ now: NOW, seed: 42, ...input });
    expect(again.sources.map((s) => s.body)).toEqual(demo.sources.map((s) => s.body));
    expect(again.players).toEqual(demo.players);
    expect(again.games).toEqual(demo.games);
    const other = generateDemo({ now: NOW, seed: 7, ...input });
    expect(other.sources.map((s) => s.body)).not.toEqual(demo.sources.map((s) => s.body));
    expect(other.players.map((p) => p.name)).not.toEqual(demo.players.map((p) => p.name));
  });

  it('keeps earlier days identical when generated a day later (stable guids, new items on top)', () => {
    const later = generateDemo({ now: new Date(NOW.getTime() + DAY), seed: 42, ...input });
    const guids = (d: DemoData) =>
      new Set(d.sources.flatMap((s) => [...s.body.matchAll(/<guid[^>]*>([^<]+)</g)].map((m) => m[1])));
    const before = guids(demo);
    const after = guids(later);
    const shared = [...before].filter((g) => after.has(g));
    expect(shared.length).toBeGreaterThan(before.size * 0.6);
    expect([...after].some((g) => !before.has(g))).toBe(true);
  });

  it("reports a player's injury status as one story, not again days later as another", () => {
    const injured = demo.players.filter((p) => p.injury);
    expect(injured.length).toBeGreaterThan(10);
    let reports = 0;
    for (const [key, items] of parsed) {
      for (const player of injured) {
        const [part, status] = (player.injury ?? '').split(' - ');
        const told = items.filter(
          (item) =>
            item.title.includes(player.name) &&
            item.title.includes(part ?? '') &&
            item.title.includes(status ?? ''),
        );
        reports += told.length;
        // One story: the outlet's items about it (an article, a film-room video) are hours apart.
        const times = told.map((item) => new Date(item.publishedAt ?? 0).getTime());
        const spread = times.length === 0 ? 0 : Math.max(...times) - Math.min(...times);
        expect(spread, `${key}: ${player.name} ${player.injury}`).toBeLessThanOrEqual(12 * 3_600_000);
      }
    }
    expect(reports).toBeGreaterThan(10);
  });

  it('makes at least 60 sources of every kind, with a paywalled outlet and 20+ podcasts', () => {
    const byKind = (kind: string) => demo.sources.filter((s) => s.kind === kind);
    expect(demo.sources.length).toBeGreaterThanOrEqual(60);
    expect(byKind('podcast').length).toBeGreaterThanOrEqual(20);
    expect(byKind('video').length).toBeGreaterThanOrEqual(6);
    expect(byKind('mastodon').length).toBeGreaterThanOrEqual(4);
    expect(demo.sources.filter((s) => s.paywall)).toHaveLength(1);
    expect(new Set(demo.sources.map((s) => s.feedFile)).size).toBe(demo.sources.length);
    expect(demo.counts.articles).toBeGreaterThanOrEqual(3000);
    expect(demo.counts.episodes).toBeGreaterThanOrEqual(400);
    expect(demo.counts.posts).toBeGreaterThanOrEqual(200);
    expect(demo.counts.videos).toBeGreaterThanOrEqual(150);
  });

  it('names every team of every sport in some feed', () => {
    const text = demo.sources.map((s) => s.body).join('\n');
    const missing = input.teams.filter(
      (t) => !text.includes(xml(t.fullName)) && !demo.sources.some((s) => s.teamSlugs.includes(t.slug)),
    );
    expect(missing.map((t) => t.slug)).toEqual([]);
  });

  it('gives every pro team a roster with unique numbers and positions of its sport; college teams none', () => {
    const pro = input.teams.filter((t) => ROSTER_SLOTS[t.sportSlug]);
    expect(pro.length).toBeGreaterThan(150);
    for (const team of pro) {
      const roster = demo.players.filter((p) => p.teamSlug === team.slug);
      expect(roster.length, team.slug).toBeGreaterThanOrEqual(12);
      expect(new Set(roster.map((p) => p.number)).size, team.slug).toBe(roster.length);
      const valid = new Set(ROSTER_SLOTS[team.sportSlug]?.map((s) => s[0]));
      for (const p of roster) expect(valid.has(p.position), `${p.name} ${p.position}`).toBe(true);
    }
    expect(demo.players.some((p) => p.sportSlug === 'cf' || p.sportSlug === 'mcb')).toBe(false);
    expect(new Set(demo.players.map((p) => p.slug)).size).toBe(demo.players.length);
    expect(demo.players.filter((p) => p.injury).length).toBeGreaterThan(50);
    expect(demo.players.filter((p) => p.injury)[0]?.injury).toMatch(/^[A-Z][a-z]+ - .+/);
    expect(demo.players.filter((p) => p.hot).length).toBeGreaterThan(20);
  });

  it('parses every feed with the real parser, dates within the last 14 days and none in the future', () => {
    let items = 0;
    for (const source of demo.sources) {
      if (source.kind === 'mastodon') {
        const posts = mapMastodonStatuses(JSON.parse(source.body) as unknown[], { now: NOW });
        expect(posts, source.key).toHaveLength(source.itemCount);
        for (const post of posts) {
          expect(post.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
          expect(post.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 14 * DAY);
        }
        continue;
      }
      const result = parseFeed(source.body, { now: NOW });
      if (result.kind !== 'ok') throw new Error(`${source.key}: ${result.message}`);
      expect(result.feed.kind, source.key).toBe(source.kind === 'news' ? 'news' : source.kind);
      expect(result.feed.items, source.key).toHaveLength(source.itemCount);
      for (const item of result.feed.items) {
        expect(item.dateFlag, `${source.key} ${item.title}`).toBe('ok');
        expect(item.publishedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
        expect(item.publishedAt.getTime()).toBeGreaterThan(NOW.getTime() - 14 * DAY);
        if (source.kind === 'podcast') {
          expect(item.enclosure?.url).toMatch(/\/demo\/audio\/episode-\d\.wav$/);
          expect(item.durationSeconds).toBeGreaterThanOrEqual(20);
        }
        if (source.kind === 'video') expect(item.isYoutube).toBe(true);
      }
      items += result.feed.items.length;
    }
    expect(items).toBeGreaterThan(4000);
  });

  it('carries the same story in several sources within hours, in different words', () => {
    const groups = demo.stories.filter((s) => s.sourceKeys.length >= 2);
    expect(groups.length).toBeGreaterThan(300);
    for (const story of groups.filter((s) => s.id.includes('-trade-')).slice(0, 5)) {
      const items = demo.sources
        .filter((s) => story.sourceKeys.includes(s.key))
        .flatMap((s) => (parsed.get(s.key) ?? []).filter((i) => i.guid.endsWith(`:${story.id}`)));
      expect(items.length, story.id).toBeGreaterThanOrEqual(2);
      expect(new Set(items.map((i) => i.title)).size, story.id).toBeGreaterThanOrEqual(2);
      const times = items.map((i) => i.publishedAt.getTime());
      expect(Math.max(...times) - Math.min(...times)).toBeLessThanOrEqual(6 * 3_600_000);
    }
  });

  it('never runs a headline twice in one outlet (issue 48)', () => {
    for (const source of demo.sources.filter((s) => s.kind === 'news')) {
      const titles = (parsed.get(source.key) ?? []).map((i) => i.title);
      const repeated = titles.filter((t, i) => titles.indexOf(t) !== i);
      expect(repeated, source.key).toEqual([]);
    }
  });

  it('tells injury news about players the roster lists as injured', () => {
    const injured = new Set(demo.players.filter((p) => p.injury).map((p) => p.name));
    const text = demo.sources
      .filter((s) => s.kind === 'news')
      .map((s) => s.body)
      .join('\n');
    const headlines = [...text.matchAll(/<title>([^<]*listed as [^<]*)<\/title>/g)].map((m) => m[1] ?? '');
    expect(headlines.length).toBeGreaterThan(5);
    const named = headlines.filter((h) => [...injured].some((name) => h.includes(name)));
    expect(named.length / headlines.length).toBeGreaterThan(0.8);
  });

  it('uses a Mastodon shape with photos, link cards, replies and a quote', () => {
    const statuses = demo.sources
      .filter((s) => s.kind === 'mastodon')
      .flatMap((s) => mapMastodonStatuses(JSON.parse(s.body) as unknown[], { now: NOW }));
    expect(statuses.some((p) => p.photos.length > 0)).toBe(true);
    expect(statuses.some((p) => p.linkPreview !== null)).toBe(true);
    expect(statuses.some((p) => p.inReplyToId !== null)).toBe(true);
    expect(statuses.some((p) => p.quote !== null)).toBe(true);
  });

  it('gives every pro team at least three videos, with thumbnails served by the demo itself', () => {
    const pro = ['nfl', 'nba', 'nhl', 'mlb', 'premier-league'];
    const videoItems = demo.sources
      .filter((s) => s.kind === 'video' && pro.includes(s.sportSlug ?? ''))
      .flatMap((s) => parsed.get(s.key) ?? []);
    for (const team of input.teams.filter((t) => pro.includes(t.sportSlug))) {
      const about = videoItems.filter((v) => `${v.title} ${v.summary ?? ''}`.includes(team.name));
      expect(about.length, team.name).toBeGreaterThanOrEqual(3);
    }
    const thumbnails = demo.sources
      .filter((s) => s.kind === 'video')
      .flatMap((s) => [...s.body.matchAll(/<media:thumbnail url="([^"]+)"/g)].map((m) => m[1]));
    expect(thumbnails.length).toBeGreaterThan(0);
    for (const url of thumbnails)
      expect(url).toMatch(/^https:\/\/assets\.sportspyder-demo\.invalid\/demo\/thumbnails\/[\w-]+\.svg$/);
  });
});

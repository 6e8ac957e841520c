// Storing many feeds per transaction (issue 15): a batch stores, de-duplicates and clusters exactly as
// storing its feeds one after the other does; one feed the database refuses does not lose the others;
// the batcher groups the feeds fetched together into one transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { Database } from '../../../db/database.js';
import { type ParsedFeed, parseFeed } from '../../feeds/parse-feed.js';
import type { TagIndex } from '../../tagging/build-index.js';
import { batchLength, createFeedBatcher } from '../feed-batcher.js';
import { ingestFeed } from '../ingest-feed.js';
import { ingestFeeds } from '../ingest-feeds.js';
import { loadTagIndex } from '../load-tag-index.js';
import type { SourceRow } from '../source-row.js';
import { addSource, feedFixture, NOW, rssFeed } from './pipeline-fixtures.js';

let one: TestDatabase;
let batched: TestDatabase;
let tagIndex: TagIndex;

beforeAll(async () => {
  [one, batched] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  tagIndex = await loadTagIndex(one.db);
});
afterAll(async () => {
  await Promise.all([one?.dispose(), batched?.dispose()]);
});

const hour = 3600_000;
const t0 = new Date('2026-11-21T08:00:00Z');
const at = (hours: number) => new Date(t0.getTime() + hours * hour);

interface ScenarioFeed {
  host: string;
  items: { title: string; link: string; date: Date }[];
}

// Stories that form across the feeds of one batch: a signing three outlets report (hot from the third
// feed on, its lead from the batch's first feed), a story one outlet rewrites twice, a story joining a
// lead stored before the batch, a mirror carrying another feed's article (same canonical URL), and
// items that join nothing.
const before: ScenarioFeed = {
  host: 'yanks-a.example',
  items: [
    { title: 'Yankees trade for All-Star closer', link: 'https://yanks-a.example/closer', date: at(-3) },
  ],
};
const batch: ScenarioFeed[] = [
  {
    host: 'packers-wire.example',
    items: [
      {
        title: 'Packers sign veteran kicker Mason Crosby',
        link: 'https://packers-wire.example/crosby',
        date: at(0),
      },
      { title: 'Bears sign veteran kicker', link: 'https://packers-wire.example/bears', date: at(0.5) },
    ],
  },
  {
    host: 'cheeseheadtv.example',
    items: [
      {
        title: 'Green Bay Packers sign kicker Mason Crosby to one-year deal',
        link: 'https://cheeseheadtv.example/crosby-deal',
        date: at(1),
      },
      {
        title: 'Chiefs sign veteran left tackle Orlando Brown',
        link: 'https://cheeseheadtv.example/brown',
        date: at(1),
      },
    ],
  },
  {
    host: 'nfl-daily.example',
    items: [
      {
        title: 'Report: Packers bring back kicker Mason Crosby on one-year deal',
        link: 'https://nfl-daily.example/crosby-back',
        date: at(2),
      },
      {
        title: 'Yankees land All-Star closer in trade',
        link: 'https://nfl-daily.example/closer',
        date: at(2),
      },
    ],
  },
  {
    host: 'league-roundup.example',
    items: [
      {
        title: 'Kansas City Chiefs sign left tackle Orlando Brown',
        link: 'https://league-roundup.example/b1',
        date: at(2),
      },
      {
        title: 'Chiefs left tackle Orlando Brown signs deal',
        link: 'https://league-roundup.example/b2',
        date: at(3),
      },
      // The mirror: cheeseheadtv's article again, under its URL.
      {
        title: 'Green Bay Packers sign kicker Mason Crosby to one-year deal',
        link: 'https://cheeseheadtv.example/crosby-deal',
        date: at(1),
      },
      {
        title: 'Cowboys cut punter after missed kicks',
        link: 'https://league-roundup.example/p1',
        date: at(2),
      },
    ],
  },
];

function parsed(feed: ScenarioFeed): ParsedFeed {
  const result = parseFeed(rssFeed(feed.host, feed.items), {
    baseUrl: `https://${feed.host}/feed`,
    now: NOW,
  });
  if (result.kind !== 'ok') throw new Error(result.message);
  return result.feed;
}

const addFeedSource = (db: Database, feed: ScenarioFeed) =>
  addSource(db, { host: feed.host, feedUrl: `https://${feed.host}/feed` });

/** What readers see of the scenario's articles: leads, stories, hot flags, counts and tags. */
async function fingerprint(db: Database) {
  const { rows } = await db.query(
    // (Hot as readers see it: the article's own flag or its story's, as `load-articles.ts` shows it.)
    `SELECT a.url, s.title AS source, a.is_lead AS "isLead", a.hot OR coalesce(c.hot, false) AS hot,
            lead.url AS "storyLead", c.sources_count AS "sourcesCount", c.hot AS "storyHot",
            (SELECT array_agg(t.slug ORDER BY t.slug) FROM article_teams at JOIN teams t ON t.id = at.team_id
              WHERE at.article_id = a.id) AS teams
       FROM articles a JOIN sources s ON s.id = a.source_id
       LEFT JOIN clusters c ON c.id = a.cluster_id LEFT JOIN articles lead ON lead.id = c.lead_article_id
      WHERE s.title LIKE '%.example' ORDER BY a.url`,
  );
  return rows;
}

describe('ingestFeeds: many feeds per transaction', () => {
  it('stores, de-duplicates and clusters a batch exactly as storing its feeds one after the other', async () => {
    const feeds = batch.map(parsed);
    // One feed per transaction, in order.
    await ingestFeed(one.db, await addFeedSource(one.db, before), parsed(before), { tagIndex, now: NOW });
    const alone = [];
    for (const [i, feed] of batch.entries()) {
      alone.push(
        await ingestFeed(one.db, await addFeedSource(one.db, feed), feeds[i]!, { tagIndex, now: NOW }),
      );
    }
    // The same feeds in one batch.
    await ingestFeed(batched.db, await addFeedSource(batched.db, before), parsed(before), {
      tagIndex,
      now: NOW,
    });
    const sources: SourceRow[] = [];
    for (const feed of batch) sources.push(await addFeedSource(batched.db, feed));
    const together = await ingestFeeds(
      batched.db,
      sources.map((source, i) => ({ source, content: feeds[i]! })),
      { tagIndex, now: NOW },
    );

    expect(together.map((o) => o.error)).toEqual([null, null, null, null]);
    expect(together.map((o) => o.counts)).toEqual(alone);
    // The mirror's copy of an article another feed of the batch brought is a duplicate, stored once.
    expect(together[3]!.counts).toEqual({ inserted: 3, duplicates: 1, skipped: 0 });
    const rows = await fingerprint(batched.db);
    expect(rows).toEqual(await fingerprint(one.db));
    // The signing three outlets reported is one hot story led by the first feed's article, which is hot.
    const crosby = rows.filter((r) => String(r.url).includes('crosby'));
    expect(crosby).toHaveLength(3);
    expect(crosby.every((r) => r.storyLead === 'https://packers-wire.example/crosby')).toBe(true);
    expect(crosby.find((r) => r.isLead)).toMatchObject({ hot: true, sourcesCount: 3, storyHot: true });
    // The rewrites of one outlet join the story of another feed's article and count that outlet once.
    const brown = rows.filter((r) => /\/(b\d|brown)$/.test(String(r.url)));
    expect(brown.map((r) => r.storyLead)).toEqual(Array(3).fill('https://cheeseheadtv.example/brown'));
    expect(brown[0]!.sourcesCount).toBe(2);
    // A lead stored before the batch gets its story.
    const closer = rows.filter((r) => String(r.url).endsWith('/closer'));
    expect(closer.map((r) => [r.isLead, r.storyLead])).toEqual([
      [false, 'https://yanks-a.example/closer'],
      [true, 'https://yanks-a.example/closer'],
    ]);
  });

  it('stores the other feeds of a batch when the database refuses one', async () => {
    const db = batched.db;
    const good = [0, 1].map((k) => ({
      host: `good-${k}.example`,
      items: [
        { title: `Rockies call up infielder ${k}`, link: `https://good-${k}.example/a`, date: at(5) },
        { title: `Avalanche recall goalie ${k}`, link: `https://good-${k}.example/b`, date: at(6) },
      ],
    }));
    const bad = {
      host: 'broken.example',
      items: [{ title: 'Nuggets sign guard', link: 'https://broken.example/a', date: at(5) }],
    };
    const badFeed = parsed(bad);
    // A NUL byte: PostgreSQL text refuses it, so the whole batch's transaction fails.
    badFeed.items[0]!.title = 'Nuggets sign\u0000 guard';
    const outcomes = await ingestFeeds(
      db,
      [
        { source: await addFeedSource(db, good[0]!), content: parsed(good[0]!) },
        { source: await addFeedSource(db, bad), content: badFeed },
        { source: await addFeedSource(db, good[1]!), content: parsed(good[1]!) },
      ],
      { tagIndex, now: NOW },
    );
    expect(outcomes[1]!.error).toBeInstanceOf(Error);
    expect([outcomes[0], outcomes[2]].map((o) => [o!.error, o!.counts.inserted])).toEqual([
      [null, 2],
      [null, 2],
    ]);
    const { rows } = await db.query<{ url: string }>(
      `SELECT url FROM articles WHERE url LIKE 'https://good-%' OR url LIKE 'https://broken.%' ORDER BY url`,
    );
    expect(rows.map((r) => r.url)).toEqual([
      'https://good-0.example/a',
      'https://good-0.example/b',
      'https://good-1.example/a',
      'https://good-1.example/b',
    ]);
  });
});

/** The fixture podcast feed (five episodes), changed by `edit`. */
function podcastFeed(
  host: string,
  edit: (items: ParsedFeed['items']) => ParsedFeed['items'] = (i) => i,
): ParsedFeed {
  const result = parseFeed(feedFixture('podcast.xml'), { baseUrl: `https://${host}/feed.xml`, now: NOW });
  if (result.kind !== 'ok') throw new Error(result.message);
  return { ...result.feed, items: edit(result.feed.items) };
}

const podcastSource = (db: Database, host: string, teamSlugs: string[] = [], sportSlug?: string) =>
  addSource(db, {
    host,
    kind: 'podcast',
    feedUrl: `https://${host}/feed.xml`,
    teamSlugs,
    ...(sportSlug ? { sportSlug } : {}),
  });

/** What listeners see of the scenario's shows: each show, its episodes and their teams and players. */
async function podcastFingerprint(db: Database) {
  const { rows: shows } = await db.query(
    `SELECT s.title AS source, p.title, p.episodes_count AS count, p.last_published_at AS last,
            last.guid AS "lastGuid",
            (SELECT array_agg(t.slug ORDER BY t.slug) FROM podcast_teams pt JOIN teams t ON t.id = pt.team_id
              WHERE pt.podcast_id = p.id) AS teams,
            (SELECT array_agg(sp.slug) FROM podcast_sports ps JOIN sports sp ON sp.id = ps.sport_id
              WHERE ps.podcast_id = p.id) AS sports
       FROM podcasts p JOIN sources s ON s.id = p.source_id
       LEFT JOIN podcast_episodes last ON last.id = p.last_episode_id
      WHERE s.title LIKE 'cast-%' ORDER BY s.title`,
  );
  const { rows: episodes } = await db.query(
    `SELECT s.title AS source, e.guid, e.title, e.enclosure_url AS url,
            (SELECT array_agg(t.slug ORDER BY t.slug) FROM episode_teams et JOIN teams t ON t.id = et.team_id
              WHERE et.episode_id = e.id) AS teams,
            (SELECT count(*)::int FROM episode_players ep WHERE ep.episode_id = e.id) AS players,
            (SELECT count(*)::int FROM notifications n WHERE n.episode_id = e.id) AS notified
       FROM podcast_episodes e JOIN podcasts p ON p.id = e.podcast_id JOIN sources s ON s.id = p.source_id
      WHERE s.title LIKE 'cast-%' ORDER BY s.title, e.guid`,
  );
  return { shows, episodes };
}

describe('ingestFeeds: podcast feeds', () => {
  it('stores a batch of podcast feeds exactly as storing them one after the other', async () => {
    // A show stored before the batch, which the demo member follows: its new episode notifies them.
    const followed = podcastFeed('cast-followed.example');
    const fresh = podcastFeed('cast-followed.example', (items) => [
      { ...items[0]!, guid: 'followed-new', title: 'New: Packers sign Mason Crosby', publishedAt: at(30) },
      ...items,
    ]);
    // A show with default teams and a sport, its feed listing one episode twice.
    const teamed = podcastFeed('cast-teamed.example', (items) => [...items, items[1]!]);
    // A show without teams: one episode has no audio file, one title names a team.
    const plain = podcastFeed('cast-plain.example', (items) =>
      items.map((item, i) =>
        i === 0
          ? { ...item, enclosure: undefined }
          : i === 1
            ? { ...item, title: 'Kansas City Chiefs mailbag' }
            : item,
      ),
    );
    // The teamed show fetched again within the batch: one new episode, one title corrected.
    const teamedAgain = podcastFeed('cast-teamed.example', (items) => [
      { ...items[0]!, guid: 'teamed-new', title: 'Trade deadline recap', publishedAt: at(40) },
      { ...items[0]!, title: 'Ep. 12: Trade deadline and beyond' },
      ...items.slice(1),
    ]);

    const prepare = async (db: Database) => {
      const followedSource = await podcastSource(db, 'cast-followed.example');
      await ingestFeed(db, followedSource, followed, { tagIndex, now: NOW });
      await db.query(
        `INSERT INTO podcast_follows (user_id, podcast_id)
         SELECT u.id, p.id FROM users u, podcasts p
          WHERE u.email = 'demo@sportspyder.test' AND p.source_id = $1`,
        [followedSource.id],
      );
      const teamedSource = await podcastSource(db, 'cast-teamed.example', ['green-bay-packers'], 'nfl');
      const plainSource = await podcastSource(db, 'cast-plain.example');
      return [
        { source: followedSource, content: fresh },
        { source: teamedSource, content: teamed },
        { source: plainSource, content: plain },
        { source: teamedSource, content: teamedAgain },
      ];
    };
    const alone = [];
    for (const feed of await prepare(one.db)) {
      alone.push(await ingestFeed(one.db, feed.source, feed.content, { tagIndex, now: NOW }));
    }
    const together = await ingestFeeds(batched.db, await prepare(batched.db), { tagIndex, now: NOW });

    expect(together.map((o) => o.error)).toEqual([null, null, null, null]);
    expect(together.map((o) => o.counts)).toEqual(alone);
    expect(alone).toEqual([
      { inserted: 1, duplicates: 5, skipped: 0 },
      { inserted: 5, duplicates: 1, skipped: 0 },
      { inserted: 4, duplicates: 0, skipped: 1 },
      { inserted: 1, duplicates: 5, skipped: 0 },
    ]);
    const seen = await podcastFingerprint(batched.db);
    expect(seen).toEqual(await podcastFingerprint(one.db));
    const show = (source: string) => seen.shows.find((s) => s.source === source);
    expect(show('cast-teamed.example')).toMatchObject({
      count: 6,
      lastGuid: 'teamed-new',
      teams: ['green-bay-packers'],
      sports: ['nfl'],
    });
    expect(show('cast-plain.example')).toMatchObject({ count: 4, teams: null, sports: null });
    const episode = (source: string, guid: string) =>
      seen.episodes.find((e) => e.source === source && e.guid === guid);
    expect(episode('cast-teamed.example', 'bullpen-ep-12')?.title).toBe('Ep. 12: Trade deadline and beyond');
    expect(episode('cast-teamed.example', 'teamed-new')?.teams).toEqual(['green-bay-packers']);
    expect(episode('cast-plain.example', 'bullpen-ep-11')?.teams).toEqual(['kansas-city-chiefs']);
    expect(episode('cast-followed.example', 'followed-new')).toMatchObject({ notified: 1 });
    expect(seen.episodes.filter((e) => Number(e.notified) > 0)).toHaveLength(1);
  });
});

describe('createFeedBatcher', () => {
  it('stores the feeds handed to it together in one transaction and answers each its counts', async () => {
    const db = batched.db;
    const batcher = createFeedBatcher({ db, windowMs: 20 });
    const feeds = [0, 1, 2].map((k) => ({
      host: `batched-${k}.example`,
      items: [
        { title: `Mariners option reliever ${k}`, link: `https://batched-${k}.example/a`, date: at(8) },
      ],
    }));
    const sources = await Promise.all(feeds.map((f) => addFeedSource(db, f)));
    const counts = await Promise.all(
      sources.map((source, i) => batcher.store({ source, content: parsed(feeds[i]!), now: NOW }, tagIndex)),
    );
    expect(counts).toEqual(Array(3).fill({ inserted: 1, duplicates: 0, skipped: 0 }));
    // Rows written by one transaction carry its id (xmin).
    const { rows } = await db.query<{ n: number | string }>(
      `SELECT count(DISTINCT xmin::text) AS n FROM articles WHERE url LIKE 'https://batched-%'`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
    // The same feeds again: nothing new, every item a duplicate.
    const again = await Promise.all(
      sources.map((source, i) => batcher.store({ source, content: parsed(feeds[i]!), now: NOW }, tagIndex)),
    );
    expect(again).toEqual(Array(3).fill({ inserted: 0, duplicates: 1, skipped: 0 }));
    await batcher.drain();
  });
});

/**
 * `db` whose transactions each hold their commit a moment, so two batches stored at once both read
 * before either has committed: the race of two workers whose batches meet (on PGlite transactions run
 * one after the other anyway). Counts the transactions begun.
 */
function slowCommits(db: Database) {
  let begun = 0;
  const slow: Database = {
    kind: db.kind,
    query: (text, params) => db.query(text, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => {
      begun++;
      return db.transaction(async (tx) => {
        const result = await fn(tx);
        await new Promise((r) => setTimeout(r, 150));
        return result;
      });
    },
    close: () => db.close(),
  };
  return { slow, transactions: () => begun };
}

describe('ingestFeeds: two workers storing the same URL at once', () => {
  it('stores the URL once; the batch that commits second is stored again, whole, and finds it', async () => {
    const db = batched.db;
    const { slow, transactions } = slowCommits(db);
    const wire = 'https://wire-syndicated.example/trade-deadline';
    const title = 'Padres acquire closer at the trade deadline';
    const first = { host: 'syndicating-0.example', items: [{ title, link: wire, date: at(11) }] };
    const second = {
      host: 'syndicating-1.example',
      items: [
        { title, link: wire, date: at(11) },
        {
          title: 'Mariners extend manager through 2029',
          link: 'https://syndicating-1.example/m',
          date: at(11),
        },
      ],
    };
    const third = {
      host: 'syndicating-2.example',
      items: [
        { title: 'Orioles name opening day starter', link: 'https://syndicating-2.example/o', date: at(11) },
      ],
    };
    const [a, b, c] = [
      await addFeedSource(db, first),
      await addFeedSource(db, second),
      await addFeedSource(db, third),
    ];
    const [one, two] = await Promise.all([
      ingestFeeds(slow, [{ source: a, content: parsed(first), now: NOW }], { tagIndex }),
      ingestFeeds(
        slow,
        [
          { source: b, content: parsed(second), now: NOW },
          { source: c, content: parsed(third), now: NOW },
        ],
        { tagIndex },
      ),
    ]);
    const counts = [...(one ?? []), ...(two ?? [])].map((o) => o.counts);
    // Whichever committed first stored the URL; the other counts it as a duplicate.
    expect(counts.map((x) => x.inserted + x.duplicates)).toEqual([1, 2, 1]);
    expect(counts.reduce((sum, x) => sum + x.duplicates, 0)).toBe(1);
    expect(counts[2]).toEqual({ inserted: 1, duplicates: 0, skipped: 0 });
    const { rows } = await db.query<{ url: string }>(
      `SELECT canonical_url AS url FROM articles WHERE canonical_url LIKE 'https://wire-syndicated.example/%'
          OR canonical_url LIKE 'https://syndicating-%' ORDER BY 1`,
    );
    expect(rows.map((r) => r.url)).toEqual([
      'https://syndicating-1.example/m',
      'https://syndicating-2.example/o',
      wire,
    ]);
    // On PostgreSQL the loser ran its batch twice (not feed by feed: that would be 4 transactions).
    expect(transactions()).toBe(db.kind === 'postgres' ? 3 : 2);
  });
});

describe('ingestFeeds: two workers storing one story at once', () => {
  it('makes one story of the two leads their batches started, led by the first stored', async () => {
    const db = batched.db;
    const { slow } = slowCommits(db);
    const feeds = [
      {
        host: 'split-story-0.example',
        items: [
          {
            title: 'Green Bay Packers activate safety Darnell Savage from injured reserve',
            link: 'https://split-story-0.example/a',
            date: at(12),
          },
        ],
      },
      {
        host: 'split-story-1.example',
        items: [
          {
            title: 'Packers activate Darnell Savage from injured reserve',
            link: 'https://split-story-1.example/b',
            date: at(12.5),
          },
        ],
      },
    ];
    const sources = [await addFeedSource(db, feeds[0]!), await addFeedSource(db, feeds[1]!)];
    const stored = await Promise.all(
      sources.map((source, i) =>
        ingestFeeds(slow, [{ source, content: parsed(feeds[i]!), now: NOW }], { tagIndex }),
      ),
    );
    expect(stored.map((s) => s[0]?.counts.inserted)).toEqual([1, 1]);
    const { rows } = await db.query<{
      id: string | number;
      isLead: boolean;
      teamLead: boolean;
      story: string | number | null;
      sources: number;
      lead: string | number | null;
    }>(
      `SELECT a.id, a.is_lead AS "isLead", bool_and(at.is_lead) AS "teamLead", a.cluster_id AS story,
              c.sources_count AS sources, c.lead_article_id AS lead
         FROM articles a JOIN article_teams at ON at.article_id = a.id LEFT JOIN clusters c ON c.id = a.cluster_id
        WHERE a.url LIKE 'https://split-story-%' GROUP BY a.id, c.id ORDER BY a.id`,
    );
    const [first, second] = rows;
    // One card: the first stored leads, the other is more coverage of its story, in its tags too.
    expect(rows.map((r) => [r.isLead, r.teamLead])).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(second?.story).not.toBeNull();
    expect(Number(second?.story)).toBe(Number(first?.story));
    expect(Number(first?.lead)).toBe(Number(first?.id));
    expect(Number(first?.sources)).toBe(2);
  });
});

describe('ingestFeeds: two workers joining one stored lead at once', () => {
  it("keeps the lead and both batches' articles in one story, counting every source", async () => {
    const db = batched.db;
    const { slow } = slowCommits(db);
    const feed = (k: number, title: string, hours: number) => ({
      host: `joined-lead-${k}.example`,
      items: [{ title, link: `https://joined-lead-${k}.example/butker`, date: at(hours) }],
    });
    const lead = feed(0, 'Kansas City Chiefs sign kicker Harrison Butker to contract extension', 200);
    const joining = [
      feed(1, 'Chiefs sign Harrison Butker to contract extension', 200.5),
      feed(2, 'Report: Kansas City Chiefs extend kicker Harrison Butker', 201),
    ];
    const leadSource = await addFeedSource(db, lead);
    await ingestFeeds(db, [{ source: leadSource, content: parsed(lead), now: NOW }], { tagIndex });
    // Both batches read the lead without a story, and each starts one with it: two workers whose
    // batches meet. The second to link it waits for the first's commit and must join its story.
    const sources = [await addFeedSource(db, joining[0]!), await addFeedSource(db, joining[1]!)];
    const stored = await Promise.all(
      sources.map((source, i) =>
        ingestFeeds(slow, [{ source, content: parsed(joining[i]!), now: NOW }], { tagIndex }),
      ),
    );
    expect(stored.map((s) => s[0]?.counts.inserted)).toEqual([1, 1]);
    const { rows } = await db.query<{
      url: string;
      isLead: boolean;
      story: string | number | null;
      storyLead: string | null;
      sources: number | null;
    }>(
      `SELECT a.url, a.is_lead AS "isLead", a.cluster_id AS story, lead.url AS "storyLead",
              c.sources_count AS sources
         FROM articles a LEFT JOIN clusters c ON c.id = a.cluster_id
         LEFT JOIN articles lead ON lead.id = c.lead_article_id
        WHERE a.url LIKE 'https://joined-lead-%' ORDER BY a.url`,
    );
    // One card, led by the stored lead, with both new articles as more coverage and 3 sources counted.
    expect(rows.map((r) => [r.url, r.isLead, r.storyLead, r.sources])).toEqual([
      [lead.items[0]!.link, true, lead.items[0]!.link, 3],
      [joining[0]!.items[0]!.link, false, lead.items[0]!.link, 3],
      [joining[1]!.items[0]!.link, false, lead.items[0]!.link, 3],
    ]);
    expect(new Set(rows.map((r) => Number(r.story))).size).toBe(1);
    // No story is left without its lead (the one the second batch started is dropped).
    const { rows: orphans } = await db.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM clusters c WHERE c.lead_article_id IN
         (SELECT id FROM articles WHERE url LIKE 'https://joined-lead-%')
         AND NOT EXISTS (SELECT 1 FROM articles a WHERE a.id = c.lead_article_id AND a.cluster_id = c.id)`,
    );
    expect(Number(orphans[0]!.n)).toBe(0);
  });
});

describe('createFeedBatcher: a feed the database refuses', () => {
  it('rejects that feed only; the others of its batch resolve with their counts', async () => {
    const db = batched.db;
    const batcher = createFeedBatcher({ db, windowMs: 20 });
    const feeds = [0, 1].map((k) => ({
      host: `batcher-ok-${k}.example`,
      items: [{ title: `Twins recall catcher ${k}`, link: `https://batcher-ok-${k}.example/a`, date: at(9) }],
    }));
    const bad = {
      host: 'batcher-bad.example',
      items: [{ title: 'Royals sign pitcher', link: 'https://batcher-bad.example/a', date: at(9) }],
    };
    const badFeed = parsed(bad);
    badFeed.items[0]!.summary = 'Refused\u0000 by the database';
    const [okA, badSource, okB] = [
      await addFeedSource(db, feeds[0]!),
      await addFeedSource(db, bad),
      await addFeedSource(db, feeds[1]!),
    ];
    // Handed over together: one batch.
    const [first, refused, second] = await Promise.allSettled([
      batcher.store({ source: okA, content: parsed(feeds[0]!), now: NOW }, tagIndex),
      batcher.store({ source: badSource, content: badFeed, now: NOW }, tagIndex),
      batcher.store({ source: okB, content: parsed(feeds[1]!), now: NOW }, tagIndex),
    ]);
    expect(refused.status).toBe('rejected');
    expect([first, second].map((r) => r.status === 'fulfilled' && r.value.inserted)).toEqual([1, 1]);
    await batcher.drain();
  });
});

describe('batchLength', () => {
  const feedOf = (items: number) =>
    ({ source: {}, content: { items: Array(items).fill({}) } }) as unknown as Parameters<
      typeof batchLength
    >[0][number];

  it('closes a batch at the feed or item limit, never empty, a big feed alone', () => {
    const feeds = [100, 150, 100, 60, 10].map(feedOf);
    expect(batchLength(feeds, 32, 400)).toBe(3);
    expect(batchLength(feeds, 2, 400)).toBe(2);
    expect(batchLength([feedOf(900), feedOf(1)], 32, 400)).toBe(1);
    expect(batchLength([], 32, 400)).toBe(0);
  });
});

// WebSub end to end (issue 44): the real server, a loopback feed host whose feeds name a local hub
// (in the feed, or in a Link header), and the local hub of helpers/. A feed naming the hub is subscribed
// and verified; a signed push is on its team's news list within 2 s (the feed host never serves it, so no
// poll can have brought it); unsigned and wrongly signed pushes are counted and not stored; a
// verification for a topic never asked for is 404; renewal re-subscribes before the lease ends and a
// refused request is retried after a backoff (time driven through the job's clock); a disabled or deleted
// source's hub is told to stop (an unsubscription) and a later push gets 410.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import { OUTDATED_SERVE_MS } from '../../../http/response-cache.js';
import { addSource } from '../../../ingest/pipeline/__tests__/pipeline-fixtures.js';
import { type RunningServer, startServer } from '../../../server.js';
import { runWebSubRound } from '../run-websub-round.js';
import { callbackUrl } from '../websub-callback-url.js';
import { queueWebSubSubscription, subscriptionOfSource, websubBySource } from '../websub-store.js';
import { wakeWebSubJob } from '../websub-wake.js';
import { LocalWebSubHub } from './helpers/local-websub-hub.js';

const TEAM = 'new-england-patriots';
let testDb: TestDatabase;
let hub: LocalWebSubHub;
let feedHost: Server;
let feedBase: string;
let server: RunningServer;
let rssSourceId: number;
let atomSourceId: number;
let rssTopic: string;
let atomTopic: string;

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** An RSS feed of the Patriots' blog naming the hub and itself, with these items. */
function rssFeed(items: { title: string; slug: string; minutesAgo: number }[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
<title>Patriots Wire</title><link>https://patriots-wire.example/</link><description>d</description>
<atom:link rel="hub" href="${hub.url}"/><atom:link rel="self" href="${rssTopic}" type="application/rss+xml"/>
${items
  .map(
    (i) => `<item><title>${esc(i.title)}</title><link>https://patriots-wire.example/${i.slug}</link>
<guid>https://patriots-wire.example/${i.slug}</guid><pubDate>${new Date(Date.now() - i.minutesAgo * 60_000).toUTCString()}</pubDate>
<description>New England Patriots news.</description></item>`,
  )
  .join('\n')}
</channel></rss>`;
}

const ATOM_FEED = () => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Pats Atom</title><id>urn:pats-atom</id>
<updated>${new Date().toISOString()}</updated><link href="https://pats-atom.example/"/>
<entry><title>Patriots practice report</title><id>urn:pats-atom:1</id><link href="https://pats-atom.example/1"/>
<updated>${new Date(Date.now() - 3600_000).toISOString()}</updated><summary>Practice.</summary></entry></feed>`;

async function teamArticleTitles(): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/v1/teams/${TEAM}/articles`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { articles: { title: string }[] };
  return body.articles.map((a) => a.title);
}

async function articleCount(title: string): Promise<number> {
  const { rows } = await testDb.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM articles WHERE title = $1',
    [title],
  );
  return Number(rows[0]?.n ?? 0);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  hub = await LocalWebSubHub.start({ host: '127.0.0.3' });
  feedHost = createServer((request, response) => {
    if (request.url === '/patriots.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end(rssFeed([{ title: 'Patriots open training camp', slug: 'camp', minutesAgo: 90 }]));
      return;
    }
    if (request.url === '/pats.atom') {
      // No hub in the document: the Link header names it (W3C WebSub §4).
      response.writeHead(200, {
        'content-type': 'application/atom+xml',
        link: `<${hub.url}>; rel="hub", <${atomTopic}>; rel="self"`,
      });
      response.end(ATOM_FEED());
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => feedHost.listen(0, '127.0.0.2', resolve));
  feedBase = `http://127.0.0.2:${(feedHost.address() as AddressInfo).port}`;
  rssTopic = `${feedBase}/patriots.xml`;
  atomTopic = `${feedBase}/topics/pats`;
  rssSourceId = (
    await addSource(testDb.db, { host: 'patriots-wire.example', feedUrl: rssTopic, teamSlugs: [TEAM] })
  ).id;
  atomSourceId = (
    await addSource(testDb.db, {
      host: 'pats-atom.example',
      feedUrl: `${feedBase}/pats.atom`,
      teamSlugs: [TEAM],
    })
  ).id;
  server = await startServer({
    env: { DEMO: 'off', SOURCES: 'demo', INGEST_INTERVAL_MS: '100' },
    db: testDb.db,
    prepared: true,
    config: {
      port: 0,
      host: '127.0.0.1',
      siteDir: '/nonexistent-site',
      widgetsDir: '/nonexistent-widgets',
      docsDir: '/nonexistent-docs',
    },
    logger: false,
  });
}, 60_000);

afterAll(async () => {
  // The hub and the feed host go first: a subscription round still talking to the hub then fails at once,
  // instead of the server's close waiting on a hub that waits on the closing server (a CI run on
  // PostgreSQL once hung here past the hook's minute).
  await hub?.close();
  feedHost?.closeAllConnections();
  await new Promise<void>((resolve) => (feedHost ? feedHost.close(() => resolve()) : resolve()));
  await server?.close();
  await testDb?.dispose();
}, 60_000);

describe('WebSub subscriber', () => {
  it('subscribes to the hub a feed names, on PUBLIC_ORIGIN, and answers the verification of intent', async () => {
    await hub.waitFor(
      () => hub.subscriberOf(rssTopic) !== undefined && hub.subscriberOf(atomTopic) !== undefined,
    );
    const request = hub.requests.find((r) => r.topic === rssTopic)!;
    expect(request.mode).toBe('subscribe');
    expect(request.callback.startsWith(`${server.config.publicOrigin}/websub/callback/`)).toBe(true);
    expect(request.secret).toMatch(/^[\w-]{40,}$/);
    expect(request.leaseSeconds).toBe(864_000);
    expect(hub.verifications.find((v) => v.topic === rssTopic)).toMatchObject({
      status: 200,
      confirmed: true,
    });

    const sub = await subscriptionOfSource(testDb.db, rssSourceId);
    expect(sub).toMatchObject({ state: 'active', hub: hub.url, topic: rssTopic, leaseSeconds: 864_000 });
    const leaseLeft = sub!.leaseExpiresAt!.getTime() - Date.now();
    expect(leaseLeft).toBeGreaterThan(864_000_000 - 60_000);
    // The Link header's hub and self were used for the Atom feed that names neither.
    expect(await subscriptionOfSource(testDb.db, atomSourceId)).toMatchObject({
      state: 'active',
      topic: atomTopic,
    });
    const facts = await websubBySource(testDb.db, [rssSourceId, atomSourceId, 999_999]);
    expect(facts.get(rssSourceId)).toMatchObject({
      hub: hub.url,
      state: 'active',
      pushes: 0,
      rejectedPushes: 0,
    });
    expect(facts.has(999_999)).toBe(false);
  });

  it('puts a signed push on its team news list within 2 s, without a poll', async () => {
    expect(await teamArticleTitles()).toContain('Patriots open training camp');
    // Cached now: the push outdates the page, which is served while computed again (2 s at most).
    expect(await teamArticleTitles()).toContain('Patriots open training camp');
    const title = 'Patriots trade for a star receiver';
    const pushed = rssFeed([
      { title, slug: 'trade', minutesAgo: 1 },
      { title: 'Patriots open training camp', slug: 'camp', minutesAgo: 90 },
    ]);
    expect(await hub.publish(rssTopic, pushed)).toEqual([202]);
    // The page cache held the list before the push: it shows the story within the push-to-page target.
    const pushedAt = performance.now();
    await vi.waitFor(async () => expect(await teamArticleTitles()).toContain(title), {
      timeout: OUTDATED_SERVE_MS,
      interval: 5,
    });
    expect(performance.now() - pushedAt).toBeLessThan(OUTDATED_SERVE_MS);
    expect(await articleCount(title)).toBe(1);
    expect((await subscriptionOfSource(testDb.db, rssSourceId))?.pushes).toBe(1);
  });

  it('ignores and counts unsigned and wrongly signed pushes, answering 2xx so the hub does not retry', async () => {
    const unsigned = 'Patriots unsigned rumour';
    const forged = 'Patriots forged rumour';
    expect(
      await hub.publish(rssTopic, rssFeed([{ title: unsigned, slug: 'u', minutesAgo: 1 }]), {
        signature: 'none',
      }),
    ).toEqual([202]);
    expect(
      await hub.publish(rssTopic, rssFeed([{ title: forged, slug: 'f', minutesAgo: 1 }]), {
        signature: 'wrong',
      }),
    ).toEqual([202]);
    expect(await articleCount(unsigned)).toBe(0);
    expect(await articleCount(forged)).toBe(0);
    const titles = await teamArticleTitles();
    expect(titles).not.toContain(unsigned);
    expect(titles).not.toContain(forged);
    const sub = await subscriptionOfSource(testDb.db, rssSourceId);
    expect(sub).toMatchObject({ pushes: 1, rejectedPushes: 2 });
    expect((await websubBySource(testDb.db, [rssSourceId])).get(rssSourceId)).toMatchObject({
      rejectedPushes: 2,
    });
  });

  it('answers 404 to a verification for a topic it never asked for, and for an unknown callback', async () => {
    const sub = (await subscriptionOfSource(testDb.db, rssSourceId))!;
    const callback = callbackUrl(server.config.publicOrigin, sub.callbackToken);
    const other = await hub.verifyIntent(callback, {
      mode: 'subscribe',
      topic: 'https://elsewhere.example/feed',
      leaseSeconds: 60,
    });
    expect(other).toMatchObject({ status: 404, confirmed: false });
    const unknown = await hub.verifyIntent(callbackUrl(server.config.publicOrigin, 'no-such-token'), {
      mode: 'subscribe',
      topic: rssTopic,
      leaseSeconds: 60,
    });
    expect(unknown).toMatchObject({ status: 404, confirmed: false });
    // An unsubscribe nobody asked for is refused too; the subscription is untouched.
    expect(await hub.verifyIntent(callback, { mode: 'unsubscribe', topic: rssTopic })).toMatchObject({
      status: 404,
    });
    expect(await subscriptionOfSource(testDb.db, rssSourceId)).toMatchObject({
      state: 'active',
      leaseSeconds: 864_000,
    });
  });

  it('renews a subscription within a day of its lease end, not before', async () => {
    const sub = (await subscriptionOfSource(testDb.db, rssSourceId))!;
    const requestsOf = () => hub.requests.filter((r) => r.topic === rssTopic).length;
    const before = requestsOf();
    const round = (now: Date) =>
      runWebSubRound(testDb.db, { owner: 'test-renewal', publicOrigin: server.config.publicOrigin, now });
    // Two days before the lease ends: nothing to do.
    await round(new Date(sub.leaseExpiresAt!.getTime() - 2 * 86_400_000));
    expect(requestsOf()).toBe(before);
    // An hour before a day before: still nothing; then the renewal goes out.
    await round(new Date(sub.leaseExpiresAt!.getTime() - 86_400_000 - 3_600_000));
    expect(requestsOf()).toBe(before);
    const result = await round(new Date(sub.leaseExpiresAt!.getTime() - 86_400_000 + 60_000));
    // (the Atom feed's subscription, verified at the same time, is renewed in the same round)
    expect(result).toMatchObject({ ran: true, failed: 0 });
    expect(requestsOf()).toBe(before + 1);
    const renewal = hub.requests.filter((r) => r.topic === rssTopic).at(-1)!;
    expect(renewal.callback).toBe(callbackUrl(server.config.publicOrigin, sub.callbackToken));
    await hub.waitFor(() => hub.verifications.filter((v) => v.topic === rssTopic && v.confirmed).length >= 2);
    const renewed = (await subscriptionOfSource(testDb.db, rssSourceId))!;
    expect(renewed.state).toBe('active');
    expect(renewed.verifiedAt!.getTime()).toBeGreaterThan(sub.verifiedAt!.getTime());
  });

  it('retries a refused subscription after a backoff that grows', async () => {
    const source = await addSource(testDb.db, {
      host: 'down-hub.example',
      feedUrl: `${feedBase}/down-hub.xml`,
      teamSlugs: [TEAM],
      nextFetchAt: new Date(Date.now() + 86_400_000),
    });
    const topic = `${feedBase}/down-hub.xml`;
    // Far in the future, so only the driven rounds below (not the server's own job) see it due.
    const t0 = new Date(Date.now() + 30 * 86_400_000);
    await queueWebSubSubscription(testDb.db, source.id, { hub: `${hub.url}refuse`, topic }, t0);
    const round = (now: Date) =>
      runWebSubRound(testDb.db, { owner: 'test-retry', publicOrigin: server.config.publicOrigin, now });
    // (the other subscriptions are due for renewal by then too, and renewed: only this one fails)
    expect(await round(t0)).toMatchObject({ failed: 1 });
    const failed = (await subscriptionOfSource(testDb.db, source.id))!;
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.lastError).toMatch(/HTTP 503/);
    const firstWait = failed.nextAttemptAt.getTime() - t0.getTime();
    expect(firstWait).toBeGreaterThanOrEqual(45_000);
    expect(await round(new Date(t0.getTime() + 30_000))).toMatchObject({ failed: 0 });
    expect((await subscriptionOfSource(testDb.db, source.id))?.attempts).toBe(1);
    const t1 = new Date(failed.nextAttemptAt.getTime() + 1000);
    expect(await round(t1)).toMatchObject({ failed: 1 });
    const again = (await subscriptionOfSource(testDb.db, source.id))!;
    expect(again.attempts).toBe(2);
    expect(again.nextAttemptAt.getTime() - t1.getTime()).toBeGreaterThan(firstWait);
    expect(hub.requests.filter((r) => r.topic === topic)).toHaveLength(0); // refused before recording
  });

  it('marks a subscription the hub denies as failed, to be retried later', async () => {
    const sub = (await subscriptionOfSource(testDb.db, atomSourceId))!;
    const callback = callbackUrl(server.config.publicOrigin, sub.callbackToken);
    const url = new URL(callback);
    url.searchParams.set('hub.mode', 'denied');
    url.searchParams.set('hub.topic', atomTopic);
    url.searchParams.set('hub.reason', 'topic not allowed');
    expect((await fetch(url)).status).toBe(200);
    const denied = (await subscriptionOfSource(testDb.db, atomSourceId))!;
    expect(denied).toMatchObject({ state: 'failed', lastError: 'Denied by the hub: topic not allowed' });
    expect(denied.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('tells the hub to stop when a source is disabled or deleted, and answers 410 to its later pushes', async () => {
    const subscribed = async (name: string) => {
      const topic = `${feedBase}/topics/${name}`;
      const source = await addSource(testDb.db, {
        host: `${name}.example`,
        feedUrl: `${feedBase}/${name}.xml`,
        teamSlugs: [TEAM],
        nextFetchAt: new Date(Date.now() + 86_400_000),
      });
      await queueWebSubSubscription(testDb.db, source.id, { hub: hub.url, topic });
      wakeWebSubJob();
      await hub.waitFor(() => hub.subscriberOf(topic) !== undefined);
      return { id: source.id, topic, sub: (await subscriptionOfSource(testDb.db, source.id))! };
    };
    const unsubscribedAt = (topic: string) =>
      hub.verifications.find((v) => v.topic === topic && v.mode === 'unsubscribe' && v.confirmed);

    const disabled = await subscribed('disabled-later');
    expect(disabled.sub.state).toBe('active');
    await testDb.db.query('UPDATE sources SET enabled = false WHERE id = $1', [disabled.id]);
    wakeWebSubJob();
    await hub.waitFor(() => unsubscribedAt(disabled.topic) !== undefined);
    expect(hub.subscriberOf(disabled.topic)).toBeUndefined();
    const request = hub.requests.filter((r) => r.topic === disabled.topic).at(-1)!;
    expect(request).toMatchObject({
      mode: 'unsubscribe',
      callback: callbackUrl(server.config.publicOrigin, disabled.sub.callbackToken),
    });
    expect((await subscriptionOfSource(testDb.db, disabled.id))?.state).toBe('unsubscribed');
    const push = await fetch(callbackUrl(server.config.publicOrigin, disabled.sub.callbackToken), {
      method: 'POST',
      headers: { 'content-type': 'application/rss+xml' },
      body: rssFeed([{ title: 'Too late', slug: 'late', minutesAgo: 1 }]),
    });
    expect(push.status).toBe(410);

    // A deleted source's subscription outlives it just long enough to be ended at the hub.
    const deleted = await subscribed('deleted-later');
    await testDb.db.query('DELETE FROM sources WHERE id = $1', [deleted.id]);
    wakeWebSubJob();
    await hub.waitFor(() => unsubscribedAt(deleted.topic) !== undefined);
    expect(hub.subscriberOf(deleted.topic)).toBeUndefined();
    // Told once: a later round sends nothing more for either.
    const sent = hub.requests.length;
    await runWebSubRound(testDb.db, { owner: 'test-unsubscribe', publicOrigin: server.config.publicOrigin });
    expect(hub.requests.filter((r) => r.mode === 'unsubscribe')).toHaveLength(2);
    expect(hub.requests.length).toBe(sent);
  });
});

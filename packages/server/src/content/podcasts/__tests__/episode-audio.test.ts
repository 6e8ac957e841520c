// The episode download relay (issue 49, GET /api/v1/podcast_episodes/:id/audio) on the real app, with a
// podcast host on a loopback address (127.0.0.2) serving audio: members get the bytes with the host's
// type and length, visitors a 401, unknown episodes a 404, audio over the downloads' bound a 422 that
// says so, a host that fails a 502 error list, a private address a refusal under production's guard, and
// a member's 31st download of the hour a 429 with Retry-After. The byte cap of a host that declares no
// length is checked on `fetchEnclosure` itself (the route's bound is 1 GB).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EPISODE_DOWNLOADS_MAX_BYTES } from '@sportspyder/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CookieJar } from '../../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import { createFeedFetch } from '../../../ingest/feeds/public-address.js';
import { EPISODE_AUDIO_RATE_LIMIT } from '../episode-audio-routes.js';
import { EPISODE_AUDIO_MAX_BYTES, fetchEnclosure, relayedMediaType } from '../fetch-enclosure.js';
import { buildContentApp, type ContentFixture, insertContentFixture } from './content-fixture.js';

/** 200 KB of a recognisable pattern: what the host serves as the episode's audio. */
const AUDIO = Buffer.from(Array.from({ length: 200 * 1024 }, (_, i) => (i * 7) % 251));

let testDb: TestDatabase;
let fx: ContentFixture;
let app: SportSpyderApp;
let host: Server;
let hostUrl: string;
/** Requests the podcast host received, by path. */
const hits: string[] = [];
const member = new CookieJar();

function podcastHost(req: IncomingMessage, res: ServerResponse): void {
  hits.push(req.url ?? '');
  switch (req.url) {
    case '/episode.mp3':
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(AUDIO.length) });
      res.end(AUDIO);
      return;
    case '/moved.mp3':
      res.writeHead(302, { location: '/episode.mp3' }).end();
      return;
    case '/huge.mp3':
      // Declares 2 GB; the relay must refuse without reading on.
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(2 * 1024 ** 3) });
      res.write(AUDIO);
      req.socket.once('close', () => res.destroy());
      return;
    case '/endless.mp3':
      // No length: chunks until the reader stops.
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      for (let i = 0; i < 8; i++) res.write(AUDIO);
      res.end();
      return;
    case '/page.html':
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Subscribe to listen</p>');
      return;
    default:
      res.writeHead(404, { 'content-type': 'text/plain' }).end('gone');
  }
}

async function episodeAt(id: number, path: string): Promise<void> {
  await testDb.db.query('UPDATE podcast_episodes SET enclosure_url = $2 WHERE id = $1', [
    id,
    `${hostUrl}${path}`,
  ]);
}

const audioOf = (id: number) => `/api/v1/podcast_episodes/${id}/audio`;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await insertContentFixture(testDb.db);
  host = createServer(podcastHost);
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.2', resolve));
  hostUrl = `http://127.0.0.2:${(host.address() as AddressInfo).port}`;
  await episodeAt(fx.episodes.p1a, '/episode.mp3');
  await episodeAt(fx.episodes.p1b, '/moved.mp3');
  await episodeAt(fx.episodes.p1c, '/huge.mp3');
  await episodeAt(fx.episodes.p2a, '/page.html');
  await episodeAt(fx.episodes.p2b, '/missing.mp3');
  // Outside production loopback hosts are allowed (the tests' own hosts), as for feeds.
  app = await buildContentApp(testDb.db);
  expect((await member.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo')).statusCode).toBe(200);
});
afterAll(async () => {
  await app?.close();
  host?.closeAllConnections();
  await new Promise((resolve) => host?.close(resolve));
  await testDb?.dispose();
});

describe('GET /api/v1/podcast_episodes/:id/audio', () => {
  it("gives a member the episode's audio as the host sent it, never to be cached", async () => {
    const res = await member.request(app, { method: 'GET', url: audioOf(fx.episodes.p1a) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-length']).toBe(String(AUDIO.length));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(AUDIO)).toBe(true);
  });

  it('follows the host’s redirect to the audio', async () => {
    const res = await member.request(app, { method: 'GET', url: audioOf(fx.episodes.p1b) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(AUDIO)).toBe(true);
  });

  it('asks a visitor to sign in, without fetching anything', async () => {
    const before = hits.length;
    const res = await app.inject({ method: 'GET', url: audioOf(fx.episodes.p1a) });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('unauthorized');
    expect(hits.length).toBe(before);
  });

  it('answers 404 for an unknown episode', async () => {
    const res = await member.request(app, { method: 'GET', url: audioOf(987_654) });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('not_found');
  });

  it('refuses audio over the downloads’ bound, saying how large it is', async () => {
    const res = await member.request(app, { method: 'GET', url: audioOf(fx.episodes.p1c) });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const [error] = res.json().errors;
    expect(error.code).toBe('too_large');
    expect(error.title).toBe('This episode is 2.0 GB, more than the 1.0 GB a download may take.');
  });

  it('answers 502 with an error list when the host sends a page or fails', async () => {
    for (const id of [fx.episodes.p2a, fx.episodes.p2b]) {
      const res = await member.request(app, { method: 'GET', url: audioOf(id) });
      expect(res.statusCode).toBe(502);
      const [error] = res.json().errors;
      expect(error.code).toBe('upstream_error');
      expect(error.title).not.toMatch(/127\.0\.0|stack|Error:/);
    }
  });

  it('keeps the same bound as the page’s downloads', () => {
    expect(EPISODE_AUDIO_MAX_BYTES).toBe(EPISODE_DOWNLOADS_MAX_BYTES);
  });
});

describe('the relay under the production guard (FEEDS_ALLOW_PRIVATE unset)', () => {
  it('refuses a host on a private address without connecting to it', async () => {
    const guarded = await buildTestApp(testDb.db, { feedsAllowPrivate: false });
    try {
      const jar = new CookieJar();
      expect((await jar.signIn(guarded, 'demo@sportspyder.test', 'sportspyder-demo')).statusCode).toBe(200);
      const before = hits.length;
      const res = await jar.request(guarded, { method: 'GET', url: audioOf(fx.episodes.p1a) });
      expect(res.statusCode).toBe(502);
      expect(res.json().errors[0].title).toBe(
        "This episode's audio is on a private network address, which the server does not fetch.",
      );
      expect(hits.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });
});

describe('the relay’s hourly limit', () => {
  it(`answers a member's download number ${EPISODE_AUDIO_RATE_LIMIT + 1} of the hour with 429 and Retry-After`, async () => {
    const limited = await buildContentApp(testDb.db);
    try {
      const jar = new CookieJar();
      expect((await jar.signIn(limited, 'demo@sportspyder.test', 'sportspyder-demo')).statusCode).toBe(200);
      for (let i = 0; i < EPISODE_AUDIO_RATE_LIMIT; i++) {
        expect((await jar.request(limited, { method: 'GET', url: audioOf(987_654) })).statusCode).toBe(404);
      }
      const res = await jar.request(limited, { method: 'GET', url: audioOf(fx.episodes.p1a) });
      expect(res.statusCode).toBe(429);
      expect(res.json().errors[0].code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
      // Counted per member: a visitor from the same address is still only asked to sign in.
      expect((await limited.inject({ method: 'GET', url: audioOf(fx.episodes.p1a) })).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('fetchEnclosure', () => {
  const allowLoopback = createFeedFetch({ allowPrivate: true });
  const read = async (body: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('stops a body without a declared length once it passes the bound', async () => {
    const result = await fetchEnclosure(`${hostUrl}/endless.mp3`, {
      fetch: allowLoopback,
      userAgent: 'test',
      maxBytes: 3 * AUDIO.length,
    });
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.contentLength).toBeNull();
    await expect(read(result.body)).rejects.toThrow(/byte bound/);
  });

  it('passes a body without a declared length under the bound whole', async () => {
    const result = await fetchEnclosure(`${hostUrl}/endless.mp3`, {
      fetch: allowLoopback,
      userAgent: 'test',
    });
    if (result.kind !== 'ok') throw new Error(result.message);
    expect((await read(result.body)).length).toBe(8 * AUDIO.length);
  });

  it('does not relay a site-relative address', async () => {
    const result = await fetchEnclosure('/demo/audio/episode-1.wav', {
      fetch: allowLoopback,
      userAgent: 'test',
    });
    expect(result).toMatchObject({ kind: 'error', code: 'invalid-url' });
  });

  it('passes audio and octet-stream types on, and nothing else', () => {
    expect(relayedMediaType('audio/mpeg; charset=binary')).toBe('audio/mpeg');
    expect(relayedMediaType('audio/x-m4a')).toBe('audio/x-m4a');
    expect(relayedMediaType('binary/octet-stream')).toBe('application/octet-stream');
    expect(relayedMediaType(null)).toBe('application/octet-stream');
    expect(relayedMediaType('text/html; charset=utf-8')).toBeNull();
    expect(relayedMediaType('video/mp4')).toBeNull();
  });
});

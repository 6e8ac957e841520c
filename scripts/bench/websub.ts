/**
 * WebSub benchmark (issue 44): the time from a hub's push to the story on its team's news list. A started
 * server (in-memory PGlite, demo world off) ingests a loopback feed that names the local test hub, is
 * subscribed and verified, then the hub pushes 20 new stories one after the other; each is timed from the
 * push until `GET /api/v1/teams/<team>/articles` lists it (polled every 5 ms, through the page cache).
 * Target: median under 2 s. Run: `SOURCES=demo tsx scripts/bench/websub.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addSource } from '../../packages/server/src/ingest/pipeline/__tests__/pipeline-fixtures.js';
import { startServer } from '../../packages/server/src/server.js';
import { LocalWebSubHub } from '../../packages/server/src/sources/websub/__tests__/helpers/local-websub-hub.js';
import { runAndExit } from './run-and-exit.js';

const TEAM = 'new-england-patriots';
const PUSHES = 20;

function rss(hub: string, self: string, items: { title: string; slug: string }[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Patriots Bench</title>
<link>https://patriots-bench.example/</link><description>d</description>
<atom:link rel="hub" href="${hub}"/><atom:link rel="self" href="${self}"/>
${items
  .map(
    (i) => `<item><title>${i.title}</title><link>https://patriots-bench.example/${i.slug}</link>
<pubDate>${new Date().toUTCString()}</pubDate><description>New England Patriots news.</description></item>`,
  )
  .join('\n')}</channel></rss>`;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'websub-bench-'));
  const hub = await LocalWebSubHub.start({ host: '127.0.0.3' });
  let topic = '';
  const feedHost = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.end(rss(hub.url, topic, [{ title: 'Patriots bench opener', slug: 'opener' }]));
  });
  await new Promise<void>((resolve) => feedHost.listen(0, '127.0.0.2', resolve));
  topic = `http://127.0.0.2:${(feedHost.address() as AddressInfo).port}/feed.xml`;
  const server = await startServer({
    env: { DEMO: 'off', SOURCES: 'demo', INGEST_INTERVAL_MS: '200' },
    memory: true,
    config: { port: 0, host: '127.0.0.1', dataDir, siteDir: '/nonexistent-site' },
    logger: false,
  });
  try {
    await addSource(server.db, { host: 'patriots-bench.example', feedUrl: topic, teamSlugs: [TEAM] });
    const subscribedAt = Date.now();
    await hub.waitFor(() => hub.subscriberOf(topic) !== undefined, 30_000);
    console.log(`subscribed and verified ${Date.now() - subscribedAt} ms after the source was added`);
    const listUrl = `http://127.0.0.1:${server.port}/api/v1/teams/${TEAM}/articles`;
    const times: number[] = [];
    for (let n = 1; n <= PUSHES; n++) {
      const title = `Patriots bench story ${n} ${Date.now()}`;
      const started = performance.now();
      await hub.publish(topic, rss(hub.url, topic, [{ title, slug: `story-${n}` }]));
      for (;;) {
        const body = await (await fetch(listUrl)).text();
        if (body.includes(title)) break;
        if (performance.now() - started > 30_000) throw new Error(`push ${n} never arrived`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(0);
    console.log(
      `[websub] push → story on the team list, ${PUSHES} pushes: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms (target: median under 2000 ms)`,
    );
  } finally {
    await server.close();
    await hub.close();
    await new Promise<void>((resolve) => feedHost.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runAndExit(main);

// The chat benchmark of issue 14 (`npm run bench:chat`), which writes the section "Chat (issue 14)" of
// docs/benchmarks.md. The bench pins itself to core 1 (`taskset -p -c 1`) and starts the built server
// pinned to core 0 on a fresh PGlite data folder with the demo data (INGEST=off: no feed fetching
// competes for the core), members signed up through the API. Then:
// 1. fanout (chat/fanout.ts): raw `ws` clients (chat/fanout-clients.ts) subscribed to one chat channel,
//    0 → 1,000 → 10,000 of them; at each size the server's RSS (per idle connection) and a series of
//    marked messages posted one at a time, timing from sending the POST until the first and the last
//    client has the message (p50/p99);
// 2. floor (chat/floor-server.ts): the same clients and sends against a bare `ws` server on core 0,
//    encoding the captured frame once or once per client: what sending alone costs;
// 3. fault run (chat/fault-run.ts): 50 clients of both protocols, 20 messages a second, SIGKILL and
//    restart on the same data, then ten 2-second network drops of one client per protocol.
//
// Usage: npm run bench:chat -- [--sizes=1000,10000] [--messages=100] [--drops=10] [--skip-floor] [--skip-fault]
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { installActionCableNodeShims } from '../../packages/core/src/testing/action-cable-node.js';
import { BENCH_DIR, buildServerIfStale } from './bench-db.js';
import { MemberRotation, signUpMembers } from './chat/bench-member.js';
import { floorSend, postingSend, rssKb, type SendSeries, sendSeries } from './chat/fanout.js';
import { FanoutClients } from './chat/fanout-clients.js';
import { runFaultRun } from './chat/fault-run.js';
import { type FanoutStage, renderChatSection } from './chat/report.js';
import { freePort, type PinnedServer, ROOT, startPinnedServer, stopServer } from './load.js';
import { writeSection } from './markdown.js';

const flag = (name: string) => process.argv.includes(`--${name}`);
const option = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const options = {
  sizes: option('sizes', '1000,10000').split(',').map(Number),
  messages: Number(option('messages', '100')),
  drops: Number(option('drops', '10')),
};
/** Members who post in turn (the server's send cooldown is 5 s per member). */
const MEMBERS = 150;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The load side on core 1, the server on core 0 (each thread of this process).
spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });

const rebuilt = buildServerIfStale();
const dataDir = join(BENCH_DIR, 'chat');
rmSync(dataDir, { recursive: true, force: true });
const port = await freePort();
const serverEnv = { INGEST: 'off', SIGN_IN_RATE_LIMIT_MAX: '1000000' };
const startServer = () => startPinnedServer(dataDir, serverEnv, port);
let server: PinnedServer = await startServer();
const url = server.url;
console.log(`server up at ${url} (${server.command})`);

const channels = (await (await fetch(`${url}/api/v1/chat/channels`)).json()) as {
  channels: { id: number; name: string }[];
};
const channel = channels.channels[0];
if (!channel) throw new Error('no general chat channel');
const members = await signUpMembers(url, MEMBERS, 'benchchat');
const rotation = new MemberRotation(members);
console.log(`${members.length} members signed up; channel ${channel.id} (${channel.name})`);

/** Opens clients up to each size and measures memory and a series of sends at each. */
async function fanoutStages(
  clients: FanoutClients,
  cableUrl: string,
  identifier: string | null,
  pid: number,
  series: (size: number) => Promise<SendSeries[]>,
): Promise<FanoutStage[]> {
  await sleep(2000);
  const baseKb = rssKb(pid);
  const stages: FanoutStage[] = [];
  for (const size of options.sizes) {
    const started = performance.now();
    await clients.open(cableUrl, identifier, size);
    const connectSeconds = (performance.now() - started) / 1000;
    await sleep(3000); // idle: the handshakes' garbage is collected or not, as in a server left alone
    const rss = rssKb(pid);
    const perConnectionKb = (rss - baseKb) / size;
    console.log(
      `  ${size} clients in ${connectSeconds.toFixed(1)} s: RSS ${(rss / 1024).toFixed(0)} MB, ` +
        `${perConnectionKb.toFixed(1)} KB per connection`,
    );
    const results = await series(size);
    for (const r of results)
      console.log(
        `  ${size}: last client p50 ${r.last.p50.toFixed(1)} ms, p99 ${r.last.p99.toFixed(1)} ms ` +
          `(first→last p99 ${r.spread.p99.toFixed(1)} ms, answer p99 ${r.ack.p99.toFixed(1)} ms, ` +
          `${r.complete}/${r.messages} complete)`,
      );
    stages.push({
      clients: size,
      connectSeconds,
      baseRssKb: baseKb,
      rssKb: rss,
      perConnectionKb,
      series: results,
      loadAverage: loadavg()[0] ?? 0,
    });
  }
  return stages;
}

// 1. Fanout through the real server.
const identifier = JSON.stringify({ channel: 'ChatChannel', channelId: channel.id });
const send = postingSend(rotation, channel.id);
const clients = new FanoutClients();
const timing = { gapMs: 100, timeoutMs: 10_000 };
console.log('fanout: warm-up');
await sendSeries(clients, 20, send, timing);
const fanout = await fanoutStages(
  clients,
  `ws://127.0.0.1:${port}/cable`,
  identifier,
  server.child.pid as number,
  async (size) => {
    await sendSeries(clients, 10, send, timing); // warm-up at this size
    return [
      await sendSeries(
        clients,
        size >= 10_000 ? Math.ceil(options.messages * 0.6) : options.messages,
        send,
        timing,
      ),
    ];
  },
);
const frame = clients.sample;
await clients.close();

// 2. The floor: a bare ws server on the same core, the same clients.
let floor: FanoutStage[] = [];
if (!flag('skip-floor') && frame) {
  const child: ChildProcess = spawn(
    'taskset',
    ['-c', '0', 'npx', 'tsx', 'scripts/bench/chat/floor-server.ts'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const floorPort = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /READY (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`floor server exited ${code}`)));
  });
  const floorClients = new FanoutClients();
  const floorUrl = `http://127.0.0.1:${floorPort}`;
  console.log('floor: a bare ws server');
  // tsx runs npx → node: the pid whose memory counts is the listening node process.
  const floorPid = Number(
    spawnSync(
      'sh',
      ['-c', `ss -ltnpH 'sport = :${floorPort}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`],
      {
        encoding: 'utf8',
      },
    ).stdout.trim() || child.pid,
  );
  floor = await fanoutStages(floorClients, `ws://127.0.0.1:${floorPort}/cable`, null, floorPid, async () => [
    await sendSeries(floorClients, 50, floorSend(floorUrl, frame, 'once'), timing),
    await sendSeries(floorClients, 50, floorSend(floorUrl, frame, 'per-client'), timing),
  ]);
  await floorClients.close();
  // taskset → npx → node: signalling the first of them left the listening node running, so the
  // listening process itself is stopped as well.
  if (floorPid !== child.pid) spawnSync('kill', ['-TERM', String(floorPid)]);
  child.kill('SIGTERM');
}

// 3. The fault run.
let fault = null;
if (!flag('skip-fault')) {
  installActionCableNodeShims(WebSocket as never);
  const run = await runFaultRun({
    server,
    restart: startServer,
    port,
    channelId: channel.id,
    rotation,
    options: { clients: 50, rate: 20, beforeKillSeconds: 5, drops: options.drops, dropMs: 2000 },
  });
  server = run.server;
  fault = run.result;
}
await stopServer(server);

const body = renderChatSection({
  command: `npm run bench:chat -- ${process.argv.slice(2).join(' ')}`.trim(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, ${process.platform}`,
  date: new Date().toISOString(),
  rebuilt,
  serverCommand: server.command,
  loadCommand: 'taskset -a -p -c 1 <bench pid> (the bench process: clients, posts, proxies)',
  channel,
  frameBytes: frame ? Buffer.byteLength(frame) : 0,
  fanout,
  floor,
  fault,
});
writeSection(join(ROOT, 'docs', 'benchmarks.md'), 'Chat (issue 14)', body);
console.log('wrote docs/benchmarks.md');
process.exit(0);

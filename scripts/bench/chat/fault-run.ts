// The fault run of the chat benchmark: 50 clients on one chat channel (half on each protocol, see
// fault-clients.ts) while members post 20 messages a second; the server is killed with SIGKILL and
// started again on the same database and port; then ten 2-second network drops of one client of each
// protocol (each behind its own TcpProxy). Every acknowledged message (POST answered 201) must reach
// every client exactly once and in order (ascending id, which is the stream log's order: PGlite runs
// one transaction at a time). Times are measured from the records afterwards.
import type { PinnedServer } from '../load.js';
import type { MemberRotation } from './bench-member.js';
import { type Spread, spreadOf } from './fanout.js';
import { AnyCableChatClient, type ClientRecord, CoreChatClient } from './fault-clients.js';
import { TcpProxy } from './tcp-proxy.js';

/** Options of the fault run. */
export interface FaultOptions {
  clients: number;
  /** Messages posted per second. */
  rate: number;
  /** Seconds of traffic before the kill. */
  beforeKillSeconds: number;
  drops: number;
  dropMs: number;
}

/** The outcome for the clients of one protocol. */
export interface ProtocolOutcome {
  protocol: ClientRecord['protocol'];
  clients: number;
  /** Acknowledged messages a client never got, summed over clients. */
  lost: number;
  /** Messages a client got more than once, summed over clients. */
  duplicated: number;
  /** Clients whose acknowledged messages are not in ascending order. */
  outOfOrder: number;
  /** Messages delivered though their POST had no answer (committed as the server died). */
  unacknowledgedDelivered: number;
  reconnects: number;
  /** Catch-up requests that failed (core client), by cause. */
  failedCatchUps: string[];
  /** Seconds from the restarted server answering until the client held every message acknowledged up to 1 s later. */
  catchUpSeconds: Spread;
  /** Seconds from the server answering again until the client's first reconnect (its backoff). */
  reconnectSeconds: Spread;
  /** Seconds from that reconnect until the client held every message acknowledged before it. */
  afterReconnectSeconds: Spread;
}

/** The outcome of the drops for the one client of a protocol behind a proxy. */
export interface DropOutcome {
  protocol: ClientRecord['protocol'];
  drops: number;
  /** Acknowledged messages during the drop phase, and how many of them the client holds. */
  acknowledged: number;
  delivered: number;
  duplicated: number;
  /** Seconds from the end of each drop until the client held every message acknowledged up to 1 s later. */
  recoverySeconds: Spread;
  /** Seconds from the reconnect after each drop until the client held every message acknowledged before it. */
  afterReconnectSeconds: Spread;
}

/** Everything the report shows of the fault run. */
export interface FaultResult {
  options: FaultOptions;
  posted: number;
  acknowledged: number;
  /** Non-201 answers and failed requests by kind (during the outage: refused connections). */
  failures: Record<string, number>;
  /** Kill → the restarted server answers /healthz, in seconds. */
  restartSeconds: number;
  protocols: ProtocolOutcome[];
  drops: DropOutcome[];
  restartCommand: string;
  /** Whether the Rails clients used core's chat store catch-up (false: the bench's own rule). */
  coreChatStore: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Posts at a fixed rate, each member in turn, and records the acknowledged ids with their time. */
class Poster {
  readonly acked: { id: number; at: number }[] = [];
  readonly failures: Record<string, number> = {};
  posted = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly rotation: MemberRotation,
    private readonly channelId: number,
  ) {}

  start(rate: number): void {
    this.timer = setInterval(() => {
      const done = this.postOne().finally(() => this.inflight.delete(done));
      this.inflight.add(done);
    }, 1000 / rate);
  }

  private async postOne(): Promise<void> {
    this.posted += 1;
    const n = this.posted;
    try {
      const { status, id } = await this.rotation.take().post(this.channelId, `fault run message ${n}`);
      if (status === 201 && id !== null) this.acked.push({ id, at: performance.now() });
      else this.failures[String(status)] = (this.failures[String(status)] ?? 0) + 1;
    } catch {
      this.failures.network = (this.failures.network ?? 0) + 1;
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.inflight]);
  }

  /** Ids acknowledged up to `time`. */
  ackedBy(time: number): number[] {
    return this.acked.filter((a) => a.at <= time).map((a) => a.id);
  }
}

/** When a client held all of `ids` (performance.now()), or NaN if it does not. */
function heldAllAt(record: ClientRecord, ids: readonly number[]): number {
  let latest = 0;
  for (const id of ids) {
    const at = record.at.get(id);
    if (at === undefined) return Number.NaN;
    latest = Math.max(latest, at);
  }
  return latest;
}

/**
 * The client's first reconnect after `from`, and the seconds from it until the client held every
 * message acknowledged before it (0 when it held them already): the catch-up itself, without the
 * client's reconnect backoff.
 */
function afterReconnect(record: ClientRecord, from: number, poster: Poster): { at: number; seconds: number } {
  const at = record.reconnectedAt.find((t) => t >= from) ?? Number.NaN;
  const held = heldAllAt(record, poster.ackedBy(at));
  return { at, seconds: Math.max(0, held - at) / 1000 };
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** Lost, duplicated, out-of-order and extra messages of one client against the acknowledged ids. */
function audit(record: ClientRecord, acked: readonly number[]) {
  const ackedSet = new Set(acked);
  const unique = new Set(record.ids);
  const inAckOrder = record.ids.filter((id) => ackedSet.has(id));
  const expected = [...acked].sort((a, b) => a - b);
  const firstSeen = [...new Set(inAckOrder)];
  return {
    lost: expected.filter((id) => !unique.has(id)).length,
    duplicated: record.ids.length - unique.size,
    outOfOrder: firstSeen.some((id, i) => i > 0 && id < (firstSeen[i - 1] as number)),
    // Messages from before the run (the first page the store loads) are not extra.
    extra: [...unique].filter((id) => !ackedSet.has(id) && id > (expected[0] ?? 0)).length,
  };
}

/**
 * Runs the fault run against `server` (already up on `port`); `restart` starts it again on the same
 * data folder and port. Answers the figures and the server running at the end.
 */
export async function runFaultRun(o: {
  server: PinnedServer;
  restart: () => Promise<PinnedServer>;
  port: number;
  channelId: number;
  rotation: MemberRotation;
  options: FaultOptions;
}): Promise<{ result: FaultResult; server: PinnedServer }> {
  const { options, channelId, port } = o;
  let server = o.server;
  const apiUrl = `http://127.0.0.1:${port}`;
  const cableUrl = `ws://127.0.0.1:${port}/cable`;
  const proxies = [new TcpProxy(port), new TcpProxy(port)];
  const [railsProxyPort, anyProxyPort] = await Promise.all(proxies.map((p) => p.listen()));
  const half = Math.floor(options.clients / 2);
  const rails = Array.from(
    { length: half },
    (_, i) =>
      new CoreChatClient(
        `rails-${i}`,
        i === 0 ? `ws://127.0.0.1:${railsProxyPort}/cable` : cableUrl,
        apiUrl,
        channelId,
      ),
  );
  const anycable = Array.from(
    { length: options.clients - half },
    (_, i) =>
      new AnyCableChatClient(
        `anycable-${i}`,
        i === 0 ? `ws://127.0.0.1:${anyProxyPort}/cable` : cableUrl,
        channelId,
      ),
  );
  const all = [...rails, ...anycable];
  await Promise.all(all.map((c) => c.subscribedOnce()));
  console.log(`fault run: ${all.length} clients subscribed; posting ${options.rate}/s`);

  const poster = new Poster(o.rotation, channelId);
  poster.start(options.rate);
  await sleep(options.beforeKillSeconds * 1000);

  // SIGKILL: no disconnect message, no flush; the same data folder and port come back.
  const killedAt = performance.now();
  const exited = new Promise<void>((r) => server.child.once('exit', () => r()));
  server.child.kill('SIGKILL');
  await exited;
  server = await o.restart();
  const upAt = performance.now();
  const restartSeconds = (upAt - killedAt) / 1000;
  console.log(`fault run: killed and restarted in ${restartSeconds.toFixed(1)} s`);
  await sleep(1000);
  const checkpoint = poster.ackedBy(upAt + 1000);
  await until(() => all.every((c) => !Number.isNaN(heldAllAt(c.record, checkpoint))), 60_000);
  const catchUp = new Map(all.map((c) => [c, (heldAllAt(c.record, checkpoint) - upAt) / 1000]));
  const reconnects = new Map(all.map((c) => [c, afterReconnect(c.record, killedAt, poster)]));

  // The drops: one client of each protocol, behind its proxy, ten times.
  const dropped = [rails[0], anycable[0]].filter((c) => c !== undefined);
  const dropStart = poster.acked.length;
  const recoveries: number[][] = dropped.map(() => []);
  const dropCatchUps: number[][] = dropped.map(() => []);
  for (let i = 0; i < options.drops; i++) {
    for (const proxy of proxies) proxy.drop(options.dropMs);
    await sleep(options.dropMs);
    const backAt = performance.now();
    await sleep(1000);
    const ids = poster.ackedBy(backAt + 1000);
    await until(() => dropped.every((c) => !Number.isNaN(heldAllAt(c.record, ids))), 60_000);
    dropped.forEach((c, j) => {
      recoveries[j]?.push((heldAllAt(c.record, ids) - backAt) / 1000);
      dropCatchUps[j]?.push(afterReconnect(c.record, backAt - options.dropMs, poster).seconds);
    });
    console.log(
      `fault run: drop ${i + 1}: back in ${dropped.map((c, j) => `${c.record.name} ${recoveries[j]?.at(-1)?.toFixed(1)} s`).join(', ')}`,
    );
    await sleep(500);
  }
  await poster.stop();
  const acked = poster.acked.map((a) => a.id);
  await until(() => all.every((c) => !Number.isNaN(heldAllAt(c.record, acked))), 60_000);
  await sleep(500); // a late duplicate would arrive by now
  for (const c of all) c.close();
  for (const proxy of proxies) await proxy.close();

  if (process.env.CHAT_BENCH_DEBUG) {
    for (const c of [rails[1], anycable[1]]) {
      if (!c) continue;
      const held = new Set(c.record.ids);
      const lost = acked.filter((id) => !held.has(id));
      console.log(
        `${c.record.name}: ${c.record.ids.length} held, lost ${lost.length}: ${lost.slice(0, 5).join(',')}..${lost.slice(-3).join(',')}; ` +
          `acked ${acked[0]}..${acked.at(-1)}; reconnected ${c.record.reconnectedAt.map((t) => ((t - killedAt) / 1000).toFixed(1)).join(',')} s after the kill; up ${((upAt - killedAt) / 1000).toFixed(1)}`,
      );
    }
  }
  const protocols: ProtocolOutcome[] = [rails, anycable].map((group) => {
    const audits = group.map((c) => audit(c.record, acked));
    const sum = (f: (r: ClientRecord) => number) => group.reduce((s, c) => s + f(c.record), 0);
    return {
      protocol: group[0]?.record.protocol ?? 'actioncable-v1-json',
      clients: group.length,
      lost: audits.reduce((s, a) => s + a.lost, 0),
      duplicated: audits.reduce((s, a) => s + a.duplicated, 0),
      outOfOrder: audits.filter((a) => a.outOfOrder).length,
      unacknowledgedDelivered: audits.reduce((s, a) => s + a.extra, 0),
      reconnects: sum((r) => r.reconnects),
      failedCatchUps: group.flatMap((c) => c.record.failedCatchUps),
      catchUpSeconds: spreadOf(group.map((c) => catchUp.get(c) ?? Number.NaN)),
      reconnectSeconds: spreadOf(group.map((c) => ((reconnects.get(c)?.at ?? Number.NaN) - upAt) / 1000)),
      afterReconnectSeconds: spreadOf(group.map((c) => reconnects.get(c)?.seconds ?? Number.NaN)),
    };
  });
  const dropAcked = acked.slice(dropStart);
  const drops: DropOutcome[] = dropped.map((c, j) => {
    const unique = new Set(c.record.ids);
    return {
      protocol: c.record.protocol,
      drops: options.drops,
      acknowledged: dropAcked.length,
      delivered: dropAcked.filter((id) => unique.has(id)).length,
      duplicated: c.record.ids.length - unique.size,
      recoverySeconds: spreadOf(recoveries[j] ?? []),
      afterReconnectSeconds: spreadOf(dropCatchUps[j] ?? []),
    };
  });
  return {
    server,
    result: {
      options,
      posted: poster.posted,
      acknowledged: acked.length,
      failures: poster.failures,
      restartSeconds,
      protocols,
      drops,
      restartCommand: server.command,
      coreChatStore: true,
    },
  };
}

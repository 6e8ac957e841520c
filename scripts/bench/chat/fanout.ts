// Fanout measurement of the chat benchmark: one chat stream, a growing set of subscribed clients
// (fanout-clients.ts), marked messages posted one at a time, and per message the time from sending the
// POST until the first and the last client has it. Also the server's resident memory per idle
// connection, and the same sends against the floor server (floor-server.ts) for the ceilings.
import { readFileSync } from 'node:fs';
import type { BenchMember, MemberRotation } from './bench-member.js';
import { type FanoutClients, MARKER } from './fanout-clients.js';

/** Percentiles of some milliseconds. */
export interface Spread {
  p50: number;
  p99: number;
  max: number;
}

/** Figures of one series of sends at one client count. */
export interface SendSeries {
  clients: number;
  /** Messages sent, and those that reached every client within the timeout. */
  messages: number;
  complete: number;
  /** POST sent (or the floor's send asked) → the last client has it. */
  last: Spread;
  /** POST sent → the first client has it. */
  first: Spread;
  /** First client → last client (the fanout alone). */
  spread: Spread;
  /** POST sent → its answer (the write, and the broadcast queued to every socket). */
  ack: Spread;
  /** Floor only: the server's own send loop. */
  loop?: Spread;
}

/** Resident memory of a process in kB (VmRSS). */
export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
}

/** The p50, p99 and max of some values. */
export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Numbers the marked messages of a whole run, so no two share a marker. */
let nextNumber = 1;

/**
 * Sends `count` marked messages one after the other through `send` (which answers once the POST is
 * answered, with the floor's loop time if any) and times their arrival at every client.
 */
export async function sendSeries(
  clients: FanoutClients,
  count: number,
  send: (n: number, content: string) => Promise<{ ok: boolean; loopMs?: number }>,
  options: { gapMs: number; timeoutMs: number },
): Promise<SendSeries> {
  const last: number[] = [];
  const first: number[] = [];
  const spread: number[] = [];
  const ack: number[] = [];
  const loop: number[] = [];
  let complete = 0;
  for (let i = 0; i < count; i++) {
    const n = nextNumber++;
    const content = `${MARKER}${n}; fanout to ${clients.size} clients, message ${i + 1}`;
    const started = performance.now();
    const answer = await send(n, content);
    ack.push(performance.now() - started);
    if (answer.loopMs !== undefined) loop.push(answer.loopMs);
    if (!answer.ok) throw new Error(`send ${n} failed`);
    if (clients.size === 0) continue; // a warm-up of the write path alone
    const arrival = await clients.waitFor(n, options.timeoutMs);
    if (arrival && arrival.count >= clients.size) {
      complete += 1;
      last.push(arrival.last - started);
      first.push(arrival.first - started);
      spread.push(arrival.last - arrival.first);
    }
    await sleep(options.gapMs);
  }
  return {
    clients: clients.size,
    messages: count,
    complete,
    last: spreadOf(last),
    first: spreadOf(first),
    spread: spreadOf(spread),
    ack: spreadOf(ack),
    ...(loop.length > 0 ? { loop: spreadOf(loop) } : {}),
  };
}

/** A send through the real server: a member's POST, which must answer 201. */
export function postingSend(
  rotation: MemberRotation,
  channelId: number,
): (n: number, content: string) => Promise<{ ok: boolean }> {
  return async (_n, content) => {
    const member: BenchMember = rotation.take();
    const { status } = await member.post(channelId, content);
    if (status !== 201) console.log(`  POST answered ${status} (${member.username})`);
    return { ok: status === 201 };
  };
}

/** A send through the floor server: `POST /send` with the captured frame. */
export function floorSend(
  baseUrl: string,
  frame: string,
  encode: 'once' | 'per-client',
): (n: number) => Promise<{ ok: boolean; loopMs: number }> {
  return async (n) => {
    const response = await fetch(`${baseUrl}/send?n=${n}&encode=${encode}`, { method: 'POST', body: frame });
    const body = (await response.json()) as { loopMs: number };
    return { ok: response.ok, loopMs: body.loopMs };
  };
}

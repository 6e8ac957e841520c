// Renders the figures of the chat benchmark (scripts/bench/chat.ts) as the markdown body of the
// "Chat (issue 14)" section of docs/benchmarks.md: fanout latencies and memory against the targets of
// issue 14, the floor of a bare ws server, the fault run's delivery audit, and the commands.
import { fixed, table } from '../markdown.js';
import type { SendSeries, Spread } from './fanout.js';
import type { FaultResult } from './fault-run.js';

/** The figures at one client count. */
export interface FanoutStage {
  clients: number;
  connectSeconds: number;
  baseRssKb: number;
  rssKb: number;
  perConnectionKb: number;
  series: SendSeries[];
  loadAverage: number;
}

/** Everything the section shows. */
export interface ChatReport {
  command: string;
  machine: string;
  date: string;
  rebuilt: boolean;
  serverCommand: string;
  loadCommand: string;
  channel: { id: number; name: string };
  frameBytes: number;
  fanout: FanoutStage[];
  floor: FanoutStage[];
  fault: FaultResult | null;
}

/** The p99 targets of issue 14 by client count, in ms, and the memory target per connection in KB. */
const P99_TARGET_MS: Record<number, number> = { 1000: 30, 10000: 200 };
const MEMORY_TARGET_KB = 10;

const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
const ms = (s: Spread) => `${fixed(s.p50, 1)} / ${fixed(s.p99, 1)}`;
const n = (value: number) => value.toLocaleString('en-US');

function fanoutTable(r: ChatReport): string[] {
  const rows = r.fanout.flatMap((stage) =>
    stage.series.map((s) => {
      const target = P99_TARGET_MS[stage.clients];
      return [
        n(stage.clients),
        `${s.complete}/${s.messages}`,
        ms(s.last),
        fixed(s.last.max, 1),
        ms(s.first),
        ms(s.spread),
        ms(s.ack),
        target ? `< ${target}: ${mark(s.spread.p99 < target)}` : '-',
        target ? `< ${target}: ${mark(s.last.p99 < target)}` : '-',
        fixed(stage.loadAverage, 1),
      ];
    }),
  );
  return [
    table(
      [
        'clients',
        'complete',
        'POST → last client p50 / p99 ms',
        'max ms',
        'POST → first client p50 / p99',
        'first → last p50 / p99',
        'POST → 201 p50 / p99',
        'p99 target, broadcast → last client (first → last)',
        'the same target on POST → last (with the write)',
        'load avg',
      ],
      rows,
    ),
    '',
    table(
      [
        'clients',
        'connect + subscribe s',
        'server RSS before → after MB',
        'KB per idle connection',
        'target',
      ],
      r.fanout.map((stage) => [
        n(stage.clients),
        fixed(stage.connectSeconds, 1),
        `${fixed(stage.baseRssKb / 1024, 0)} → ${fixed(stage.rssKb / 1024, 0)}`,
        fixed(stage.perConnectionKb, 1),
        `< ${MEMORY_TARGET_KB}: ${mark(stage.perConnectionKb < MEMORY_TARGET_KB)}`,
      ]),
    ),
  ];
}

function floorTable(r: ChatReport): string[] {
  if (r.floor.length === 0) return [];
  const encodes = ['once', 'once per client'];
  const rows = r.floor.flatMap((stage) =>
    stage.series.map((s, i) => [
      n(stage.clients),
      encodes[i] ?? '',
      ms(s.last),
      ms(s.spread),
      s.loop ? ms(s.loop) : '-',
      s.loop ? fixed((s.loop.p50 / stage.clients) * 1000, 1) : '-',
      fixed(stage.perConnectionKb, 1),
    ]),
  );
  return [
    '### Floor: a bare `ws` server on the same core, the same clients',
    '',
    '`scripts/bench/chat/floor-server.ts` (pinned to core 0 in place of the server) sends the frame the ' +
      `server broadcast (${n(r.frameBytes)} bytes, captured above) to every client, JSON-encoding it once or ` +
      'once per client, and times its own send loop. It is the least any server on `ws` can do on this ' +
      "machine with these clients: what is left of the server figures above is the server's own work " +
      '(the write, its transaction on PGlite, the per-connection broadcast path). Times from asking the ' +
      'send, as above.',
    '',
    table(
      [
        'clients',
        'JSON encoding',
        'ask → last client p50 / p99 ms',
        'first → last p50 / p99',
        'send loop p50 / p99 ms',
        'µs per client (loop)',
        'KB per idle connection',
      ],
      rows,
    ),
  ];
}

/** `3 (2 × HTTP 502, 1 × fetch failed)`, or 0. */
function failedSummary(causes: readonly string[]): string {
  if (causes.length === 0) return '0';
  const counts = new Map<string, number>();
  for (const cause of causes) counts.set(cause, (counts.get(cause) ?? 0) + 1);
  return `${causes.length} (${[...counts].map(([c, k]) => `${k} × ${c}`).join(', ')})`;
}

function faultSection(f: FaultResult): string[] {
  const failures = Object.entries(f.failures)
    .map(([k, v]) => `${v} × ${k}`)
    .join(', ');
  return [
    `### Fault run: ${f.options.clients} clients, ${f.options.rate} messages/s, SIGKILL and restart, ${f.options.drops} network drops`,
    '',
    `${n(f.posted)} POSTs, ${n(f.acknowledged)} acknowledged (201)` +
      `${failures ? `; the rest failed while the server was down (${failures})` : ''}. ` +
      `The server was killed with SIGKILL after ${f.options.beforeKillSeconds} s of traffic and answered ` +
      `again ${fixed(f.restartSeconds, 1)} s later (same data folder and port). Every client is audited ` +
      'against every acknowledged message of the whole run (ascending id is the stream order: PGlite ' +
      'runs one transaction at a time).' +
      (f.coreChatStore
        ? " The `actioncable-v1-json` half is the site's own chat store (`chatFor(client).channelMessages` " +
          'of @sportspyder/core on a core client in Node), audited on the list it shows.'
        : ''),
    '',
    table(
      [
        'protocol (client)',
        'clients',
        'lost',
        'duplicated',
        'out of order',
        'reconnects',
        'server up → reconnected p50 / max s',
        'reconnected → caught up p50 / max s',
        'server up → caught up p50 / max s',
        'target: 0 lost, 0 duplicated, in order, caught up < 10 s',
        'delivered without a 201',
        'failed REST catch-ups',
      ],
      f.protocols.map((p) => [
        p.protocol === 'actioncable-v1-json'
          ? '`actioncable-v1-json` (core chat store on @rails/actioncable, REST catch-up)'
          : '`actioncable-v1-ext-json` (@anycable/core; reconnectStrategy backoffWithJitter(0.5, { maxInterval: 4 }))',
        p.clients,
        p.lost,
        p.duplicated,
        p.outOfOrder,
        p.reconnects,
        `${fixed(p.reconnectSeconds.p50, 1)} / ${fixed(p.reconnectSeconds.max, 1)}`,
        `${fixed(p.afterReconnectSeconds.p50, 2)} / ${fixed(p.afterReconnectSeconds.max, 2)}`,
        `${fixed(p.catchUpSeconds.p50, 1)} / ${fixed(p.catchUpSeconds.max, 1)}`,
        `${mark(p.lost === 0 && p.duplicated === 0 && p.outOfOrder === 0)}; ` +
          `after reconnecting ${mark(p.afterReconnectSeconds.max < 10)}, from server up ` +
          mark(p.catchUpSeconds.max < 10),
        p.unacknowledgedDelivered,
        p.protocol === 'actioncable-v1-json' ? failedSummary(p.failedCatchUps) : '-',
      ]),
    ),
    '',
    '"Reconnected" is when the client\'s subscription is confirmed again (Rails: `connected` with ' +
      "`reconnected`; AnyCable: `connect` with `reconnect`), which the clients' own reconnect policies " +
      "decide: core's realtime client reopens a dropped socket on a jittered backoff from 0.5 s, doubling " +
      "up to 30 s, besides @rails/actioncable's ConnectionMonitor (which reopens only a connection stale " +
      'for 6 s); @anycable/core backs off with jitter from 0.5 s, tries at most 4 s apart. "Reconnected → caught up" runs from there until the client holds every message ' +
      'acknowledged before its reconnect (the REST catch-up, or the session\'s history). "Server up → ' +
      'caught up" runs from the restarted server answering `/healthz` until the client holds every ' +
      'message acknowledged up to one second after that, backoff included.',
    '',
    table(
      [
        'dropped client',
        'drops × 2 s',
        'acknowledged meanwhile',
        'delivered',
        'duplicated',
        'drop end → caught up p50 / max s',
        'reconnected → caught up p50 / max s',
      ],
      f.drops.map((d) => [
        `\`${d.protocol}\``,
        d.drops,
        n(d.acknowledged),
        `${n(d.delivered)} (${fixed((d.delivered / Math.max(1, d.acknowledged)) * 100, 1)}%)`,
        d.duplicated,
        `${fixed(d.recoverySeconds.p50, 1)} / ${fixed(d.recoverySeconds.max, 1)}`,
        `${fixed(d.afterReconnectSeconds.p50, 2)} / ${fixed(d.afterReconnectSeconds.max, 2)}`,
      ]),
    ),
    '',
    "A drop cuts the client's TCP connection at a proxy in the bench (both ends reset, no close frame) " +
      'and refuses new connections for 2 s; "drop end → caught up" runs from the end of the drop until ' +
      'the client holds every message acknowledged up to one second later (reconnect backoff included).',
  ];
}

/** The markdown body of the section. */
export function renderChatSection(r: ChatReport): string {
  const out = [
    `Produced by \`${r.command}\` on ${r.machine}, ${r.date}` +
      `${r.rebuilt ? ' (server rebuilt first)' : ''}. The machine is shared with other work: the load ` +
      'average column says how busy it was.',
    '',
    `Server: \`${r.serverCommand}\` (a fresh PGlite folder with the demo data, members signed up through ` +
      `the API). Load: \`${r.loadCommand}\`. All clients are on chat channel ${r.channel.id} ` +
      `("${r.channel.name}").`,
    '',
    '### Fanout on one server core',
    '',
    'Raw `ws` clients on `actioncable-v1-json` subscribed to `ChatChannel`; marked messages posted one at ' +
      'a time by members (100 ms apart once every client has the previous one). The time runs from ' +
      'sending the POST, in the bench process, until the last client has the message (its frame read ' +
      'in the bench process). The POST is the start because the broadcast has no timestamp of its own ' +
      'finer than the database clock, and because the server queues the broadcast to every socket ' +
      'before it answers the POST (the 201 comes after the fanout, not before it); the figure therefore ' +
      'includes the write (validation, the transaction with the stream log append on PGlite): an upper ' +
      'bound of broadcast → last client. "first → last" is the fanout alone: from the first client ' +
      "having the message until the last has it, which leaves out only the first client's own send " +
      "(about 11 µs a client, see the floor). The issue's target (broadcast → last client) is judged " +
      'on it; the last column applies the same number to POST → last, write included.',
    '',
    ...fanoutTable(r),
    '',
    "The server encodes a broadcast's frame once for all its `actioncable-v1-json` subscribers with the " +
      'same identifier, as bytes that `ws` writes without a copy (`cable-server.ts`); sending it (one ' +
      '`ws` frame and one write per socket) is what grows with the clients, see the floor below. What ' +
      'POST → first client adds is the write: about a dozen statements in one PGlite transaction ' +
      '(rules, cooldown, duplicate check, insert, counts, the stream log append, notifications).',
    '',
    "Memory: the server's RSS (`/proc/<pid>/status`) with no clients, then with the clients connected, " +
      'subscribed and idle for 3 s; the difference divided by the clients.',
    '',
    ...floorTable(r),
  ];
  if (r.fault) out.push('', ...faultSection(r.fault));
  return out.join('\n');
}

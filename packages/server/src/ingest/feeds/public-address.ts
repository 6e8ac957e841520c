/**
 * The server-side request forgery guard. An admin, a catalogue entry, a discovered page or a WebSub
 * hub can name any URL; in production the server must not be turned into a way to reach the
 * machines beside it (a database, a cloud metadata service at 169.254.169.254, a router's admin
 * page). So a production fetch refuses every host that resolves to a non-public address.
 *
 * The check is made on the address actually used, inside the connection (the DNS lookup of the
 * socket and the socket's remote address once connected), never on a lookup made beforehand: a
 * name whose DNS answer changes between a check and the connection (DNS rebinding) cannot slip
 * past it. This is what Miniflux's request builder does with its dialer's `Control` hook.
 * @module
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type Socket } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { PrivateAddressError } from './private-address-error.js';

/** Why an address is not public; `null` from {@link classifyAddress} means public. */
export type NonPublicKind =
  | 'private'
  | 'loopback'
  | 'link-local'
  | 'unique-local'
  | 'cgnat'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'invalid';

const DESCRIPTIONS: Record<NonPublicKind, string> = {
  private: 'a private address',
  loopback: 'a loopback address',
  'link-local': 'a link-local address',
  'unique-local': 'a unique-local address',
  cgnat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  broadcast: 'the broadcast address',
  documentation: 'a documentation address',
  benchmarking: 'a benchmarking address',
  reserved: 'a reserved address',
  invalid: 'not a valid address',
};

/** IPv4 ranges that are not publicly routable (IANA special-purpose registry), as [first octets, prefix, kind]. */
const IPV4_RANGES: [number, number, NonPublicKind][] = [
  [ipv4Number('0.0.0.0'), 8, 'unspecified'],
  [ipv4Number('10.0.0.0'), 8, 'private'],
  [ipv4Number('100.64.0.0'), 10, 'cgnat'],
  [ipv4Number('127.0.0.0'), 8, 'loopback'],
  [ipv4Number('169.254.0.0'), 16, 'link-local'],
  [ipv4Number('172.16.0.0'), 12, 'private'],
  [ipv4Number('192.0.0.0'), 24, 'reserved'],
  [ipv4Number('192.0.2.0'), 24, 'documentation'],
  [ipv4Number('192.88.99.0'), 24, 'reserved'],
  [ipv4Number('192.168.0.0'), 16, 'private'],
  [ipv4Number('198.18.0.0'), 15, 'benchmarking'],
  [ipv4Number('198.51.100.0'), 24, 'documentation'],
  [ipv4Number('203.0.113.0'), 24, 'documentation'],
  [ipv4Number('224.0.0.0'), 4, 'multicast'],
  [ipv4Number('255.255.255.255'), 32, 'broadcast'],
  [ipv4Number('240.0.0.0'), 4, 'reserved'],
];

/**
 * What kind of non-public address `ip` is, or null when it is a public unicast address. IPv4,
 * IPv6 (brackets and zone ids allowed) and IPv4 embedded in IPv6 (mapped `::ffff:a.b.c.d`, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`) are classified by the IPv4 address they carry.
 * @example
 * classifyAddress('127.0.0.1'); // 'loopback'
 * classifyAddress('::ffff:10.0.0.1'); // 'private'
 * classifyAddress('93.184.216.34'); // null
 */
export function classifyAddress(ip: string): NonPublicKind | null {
  const address = ip
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const version = isIP(address);
  if (version === 4) return classifyIpv4(ipv4Number(address));
  if (version === 6) return classifyIpv6(ipv6Groups(address));
  return 'invalid';
}

/**
 * True when `ip` is a public unicast address a production server may fetch from.
 * @example
 * isPublicAddress('8.8.8.8'); // true
 * isPublicAddress('fe80::1'); // false
 */
export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === null;
}

/**
 * "a loopback address" for a loopback address, and so on: the words of the refusal message.
 * @example
 * describeAddressKind('cgnat'); // 'a carrier-grade NAT address'
 */
export function describeAddressKind(kind: NonPublicKind): string {
  return DESCRIPTIONS[kind];
}

/** Options of {@link createFeedFetch}. */
export interface CreateFeedFetchOptions {
  /** Allow non-public addresses (development, tests, `FEEDS_ALLOW_PRIVATE=1`). */
  allowPrivate: boolean;
}

/**
 * The `fetch` the server hands every outside request (feeds, pages, hubs). With `allowPrivate` it
 * is the global fetch (looked up per call, so test interceptors apply); without, an undici fetch
 * whose connections refuse non-public addresses with a {@link PrivateAddressError}, which the
 * fetchers report as the error code `private-address`.
 * @example
 * const fetch = createFeedFetch({ allowPrivate: config.feedsAllowPrivate });
 * await fetchFeed('http://127.0.0.1/feed', { fetch }); // in production: { kind: 'error', code: 'private-address', ... }
 */
export function createFeedFetch(options: CreateFeedFetchOptions): typeof fetch {
  if (options.allowPrivate) return (input, init) => globalThis.fetch(input, init);
  const dispatcher = new Agent({ connect: publicOnlyConnector() });
  const guarded = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    });
  return guarded as unknown as typeof fetch;
}

type Connector = ReturnType<typeof buildConnector>;
type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * An undici connector that refuses non-public addresses at three points: a literal IP host before
 * connecting, every DNS answer of the socket's own lookup (so a connection is never opened to a
 * private address), and the socket's remote address once connected (whatever path led there).
 */
function publicOnlyConnector(): Connector {
  const base = buildConnector({ lookup: publicOnlyLookup });
  return (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const kind = classifyAddress(host);
      if (kind) {
        callback(new PrivateAddressError(host, host, describeAddressKind(kind)), null);
        return;
      }
    }
    base(options, (error, socket) => {
      if (error || !socket) {
        callback(error ?? new Error('No socket'), null);
        return;
      }
      const remote = (socket as Socket).remoteAddress;
      const kind = remote ? classifyAddress(remote) : null;
      if (remote && kind) {
        socket.destroy();
        callback(new PrivateAddressError(host, remote, describeAddressKind(kind)), null);
        return;
      }
      callback(null, socket);
    });
  };
}

/** `dns.lookup` for the socket, with every non-public answer removed (refused when none is left). */
function publicOnlyLookup(
  hostname: string,
  options: { family?: number | string; all?: boolean; hints?: number },
  callback: LookupCallback,
): void {
  const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
  dnsLookup(
    hostname,
    {
      all: true,
      family: family === 4 || family === 6 ? family : 0,
      ...(options.hints ? { hints: options.hints } : {}),
    },
    (error, addresses) => {
      if (error) {
        callback(error, options.all ? [] : '');
        return;
      }
      const allowed = addresses.filter((a) => isPublicAddress(a.address));
      if (allowed.length === 0) {
        const first = addresses[0];
        const kind = first ? (classifyAddress(first.address) ?? 'invalid') : 'invalid';
        const refused = new PrivateAddressError(
          hostname,
          first?.address ?? '(no address)',
          describeAddressKind(kind),
        );
        callback(refused as NodeJS.ErrnoException, options.all ? [] : '');
        return;
      }
      if (options.all) callback(null, allowed);
      else callback(null, allowed[0]?.address ?? '', allowed[0]?.family);
    },
  );
}

function classifyIpv4(n: number): NonPublicKind | null {
  for (const [start, prefix, kind] of IPV4_RANGES) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if ((n & mask) >>> 0 === start) return kind;
  }
  return null;
}

function classifyIpv6(g: number[]): NonPublicKind | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embeddedV4 = ((g6 << 16) >>> 0) + g7;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
  if (upperZero && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-translated (::ffff:0:a.b.c.d) carry an IPv4 address.
  if (upperZero && g5 === 0xffff) return classifyIpv4(embeddedV4);
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0)
    return classifyIpv4(embeddedV4);
  // IPv4-compatible (::a.b.c.d, deprecated): no longer routable.
  if (upperZero && g5 === 0) return 'reserved';
  // NAT64 well-known prefix 64:ff9b::/96 reaches the IPv4 address it carries.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return classifyIpv4(embeddedV4);
  // 6to4 (2002::/16) carries an IPv4 address in its next 32 bits.
  if (g0 === 0x2002) return classifyIpv4(((g1 << 16) >>> 0) + g2);
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if ((g0 & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  // Site-local (fec0::/10, deprecated) was the old private range.
  if ((g0 & 0xffc0) === 0xfec0) return 'private';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'documentation';
  if (g0 === 0x3fff && g1 <= 0x0fff) return 'documentation';
  // 2001::/23 holds protocol assignments (Teredo, ORCHID, benchmarking 2001:2::/48).
  if (g0 === 0x2001 && g1 < 0x0200) return g1 === 0x0002 && g2 === 0 ? 'benchmarking' : 'reserved';
  // Only 2000::/3 is allocated for global unicast; everything else (100::/64 discard, 64:ff9b:1::/48
  // local NAT64, unassigned space) is not a public host.
  if ((g0 & 0xe000) !== 0x2000) return 'reserved';
  return null;
}

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, part) => ((n << 8) >>> 0) + Number(part), 0) >>> 0;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 split). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = ipv4Number(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((h) => Number.parseInt(h, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

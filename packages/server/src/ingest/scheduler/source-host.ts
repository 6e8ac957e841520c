/**
 * The host a source's feed is fetched from, as the `sources.host` column computes it (migration
 * 0025_source_host.sql): the scheduler counts its sources in flight per host with this and the lease
 * query caps them with the column, so the two must agree on every URL. `null` for `demo:` and `file:`
 * URLs, which are read from disk and never wait for a host.
 * @module
 */

// The same pattern as the migration's generated column: scheme, optional user info, then a bracketed
// IPv6 literal or a name up to the port, path, query or fragment.
const HOST = /^https?:\/\/(?:[^/?#@]*@)?(\[[^\]/?#]*\]|[^/?#:]+)/i;

/**
 * The lower-cased host of an http(s) feed URL, or `null`.
 * @example
 * sourceHost('https://www.reddit.com/r/nfl/.rss'); // 'www.reddit.com'
 */
export function sourceHost(url: string): string | null {
  const match = HOST.exec(url);
  return match ? match[1]!.toLowerCase() : null;
}

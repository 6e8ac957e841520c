/**
 * WebSub discovery from HTTP headers (W3C WebSub §4): the `rel="hub"` and `rel="self"` targets of a
 * feed answer's `Link` header (RFC 8288), which a publisher may send instead of, or besides, the
 * `<atom:link>` elements of the feed itself (the header wins when both are given).
 * @module
 */

/** WebSub discovery links (absolute URLs). */
export interface HeaderLinks {
  /** `rel="hub"`: the WebSub hub of the feed. */
  hub?: string;
  /** `rel="self"`: the feed's canonical URL, the WebSub topic. */
  self?: string;
}

/**
 * The first `rel="hub"` and `rel="self"` targets of a `Link` header, resolved against the answer's URL;
 * null when it names neither.
 * @example
 * headerLinks('<https://hub.example/>; rel="hub", </feed>; rel="self"', 'https://a.example/x')
 * // { hub: 'https://hub.example/', self: 'https://a.example/feed' }
 */
export function headerLinks(header: string | null | undefined, base: string): HeaderLinks | null {
  if (!header) return null;
  const links: HeaderLinks = {};
  for (const match of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(match[2] ?? '');
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    let target: string;
    try {
      target = new URL(match[1] ?? '', base).href;
    } catch {
      continue;
    }
    if (!/^https?:$/.test(new URL(target).protocol)) continue;
    if (rels.includes('hub')) links.hub ??= target;
    if (rels.includes('self')) links.self ??= target;
  }
  return links.hub || links.self ? links : null;
}

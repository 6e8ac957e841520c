/**
 * Serialises generated items into feed documents: RSS 2.0 (with media and Dublin Core), Atom, podcast
 * RSS (iTunes and Podcasting 2.0 namespaces) and YouTube-style channel Atom. Descriptions carry a little
 * HTML, as real feeds do; the ingest normaliser turns it into safe text.
 * @module
 */
import { DEMO_THUMBNAIL_PATH, demoAssetUrl } from './asset-urls.js';
import type { DemoSourceSpec } from './catalogue.js';
import type { FeedEntry } from './stories.js';

/** A video of a channel feed. */
export interface VideoEntry {
  /** The 11-character video id. */
  videoId: string;
  /** Title. */
  title: string;
  /** Plain-text description. */
  description: string;
  /** Publication instant. */
  publishedAt: Date;
  /** Duration in seconds. */
  durationSeconds: number;
}

/** A podcast episode. */
export interface EpisodeEntry {
  /** Stable guid. */
  guid: string;
  /** Title. */
  title: string;
  /** Plain-text description. */
  description: string;
  /** Publication instant. */
  publishedAt: Date;
  /** Audio file name under the demo audio path. */
  audioFile: string;
  /** Audio size in bytes. */
  bytes: number;
  /** Duration in seconds. */
  durationSeconds: number;
  /** Season number. */
  season: number;
  /** Episode number (absent for bonus episodes). */
  episode: number | null;
  /** `full` or `bonus`. */
  episodeType: 'full' | 'bonus';
  /** Explicit flag. */
  explicit: boolean;
}

/** Escapes text for XML character data and attribute values. */
export function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function cdata(html: string): string {
  return `<![CDATA[${html.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}

function html(entry: FeedEntry, source: DemoSourceSpec): string {
  return `<p>${xml(entry.summary)}</p><p>Read the full story at <a href="${xml(entry.url)}">${xml(source.name)}</a>.</p>`;
}

const HOURS = (s: number) =>
  `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/**
 * Writes a news feed as RSS 2.0.
 *
 * @example
 * const body = writeRss(source, entries, now);
 */
export function writeRss(source: DemoSourceSpec, entries: readonly FeedEntry[], now: Date): string {
  const items = entries.map(
    (e) => `    <item>
      <title>${xml(e.title)}</title>
      <link>${xml(e.url)}</link>
      <guid isPermaLink="false">${xml(e.guid)}</guid>
      <pubDate>${e.publishedAt.toUTCString()}</pubDate>
      <dc:creator>${xml(e.author)}</dc:creator>
      <description>${cdata(html(e, source))}</description>${
        e.imagePath
          ? `\n      <media:content url="${xml(demoAssetUrl(e.imagePath))}" medium="image" type="image/svg+xml"/>`
          : ''
      }
    </item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${xml(source.title)}</title>
    <link>https://${source.host}/</link>
    <description>${xml(source.description)}</description>
    <language>en-us</language>
    <lastBuildDate>${now.toUTCString()}</lastBuildDate>${
      source.imagePath
        ? `\n    <image><url>${xml(demoAssetUrl(source.imagePath))}</url><title>${xml(source.title)}</title><link>https://${source.host}/</link></image>`
        : ''
    }
${items.join('\n')}
  </channel>
</rss>
`;
}

/**
 * Writes a news feed as Atom.
 *
 * @example
 * const body = writeAtom(source, entries, now);
 */
export function writeAtom(source: DemoSourceSpec, entries: readonly FeedEntry[], now: Date): string {
  const items = entries.map(
    (e) => `  <entry>
    <id>${xml(e.guid)}</id>
    <title>${xml(e.title)}</title>
    <link rel="alternate" href="${xml(e.url)}"/>
    <published>${e.publishedAt.toISOString()}</published>
    <updated>${e.publishedAt.toISOString()}</updated>
    <author><name>${xml(e.author)}</name></author>
    <summary type="html">${xml(html(e, source))}</summary>${
      e.imagePath ? `\n    <media:thumbnail url="${xml(demoAssetUrl(e.imagePath))}"/>` : ''
    }
  </entry>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <id>https://${source.host}/</id>
  <title>${xml(source.title)}</title>
  <subtitle>${xml(source.description)}</subtitle>
  <link rel="alternate" href="https://${source.host}/"/>
  <updated>${now.toISOString()}</updated>
${items.join('\n')}
</feed>
`;
}

/**
 * Writes a YouTube-style channel feed (Atom with yt:videoId and media:group).
 *
 * @example
 * const body = writeYoutube(channel, videos);
 */
export function writeYoutube(source: DemoSourceSpec, videos: readonly VideoEntry[]): string {
  const channelId = source.accountId ?? 'UCdemo';
  const channel = `https://www.youtube.com/channel/${channelId}`;
  const items = videos.map(
    (v) => `  <entry>
    <id>yt:video:${v.videoId}</id>
    <yt:videoId>${v.videoId}</yt:videoId>
    <yt:channelId>${channelId}</yt:channelId>
    <title>${xml(v.title)}</title>
    <link rel="alternate" href="https://www.youtube.com/watch?v=${v.videoId}"/>
    <author><name>${xml(source.title)}</name><uri>${channel}</uri></author>
    <published>${v.publishedAt.toISOString()}</published>
    <updated>${v.publishedAt.toISOString()}</updated>
    <media:group>
      <media:title>${xml(v.title)}</media:title>
      <media:content url="https://www.youtube.com/v/${v.videoId}?version=3" type="application/x-shockwave-flash" width="640" height="390" duration="${v.durationSeconds}"/>
      <media:thumbnail url="${demoAssetUrl(`${DEMO_THUMBNAIL_PATH}${v.videoId}.svg`)}" width="480" height="270"/>
      <media:description>${xml(v.description)}</media:description>
    </media:group>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
  <link rel="self" href="https://www.youtube.com/feeds/videos.xml?channel_id=${channelId}"/>
  <id>yt:channel:${channelId.slice(2)}</id>
  <yt:channelId>${channelId}</yt:channelId>
  <title>${xml(source.title)}</title>
  <link rel="alternate" href="${channel}"/>
  <author><name>${xml(source.title)}</name><uri>${channel}</uri></author>
  <published>2020-01-01T00:00:00+00:00</published>
${items.join('\n')}
</feed>
`;
}

/**
 * Writes a podcast feed (RSS 2.0 with the iTunes and Podcasting 2.0 namespaces).
 *
 * @example
 * const body = writePodcast(show, episodes, now);
 */
export function writePodcast(source: DemoSourceSpec, episodes: readonly EpisodeEntry[], now: Date): string {
  const image = demoAssetUrl(source.imagePath ?? '/logos/sports/nfl.svg');
  const items = episodes.map(
    (e) => `    <item>
      <title>${xml(e.title)}</title>
      <guid isPermaLink="false">${xml(e.guid)}</guid>
      <link>https://${source.host}/episodes/${xml(e.guid)}</link>
      <pubDate>${e.publishedAt.toUTCString()}</pubDate>
      <enclosure url="${xml(demoAssetUrl(`/demo/audio/${e.audioFile}`))}" type="audio/wav" length="${e.bytes}"/>
      <itunes:duration>${HOURS(e.durationSeconds)}</itunes:duration>
      <itunes:season>${e.season}</itunes:season>${e.episode === null ? '' : `\n      <itunes:episode>${e.episode}</itunes:episode>`}
      <itunes:episodeType>${e.episodeType}</itunes:episodeType>
      <itunes:explicit>${e.explicit ? 'true' : 'false'}</itunes:explicit>
      <itunes:image href="${xml(image)}"/>
      <description>${cdata(`<p>${xml(e.description)}</p>`)}</description>
    </item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
  <channel>
    <title>${xml(source.title)}</title>
    <link>https://${source.host}/</link>
    <description>${xml(source.description)}</description>
    <language>en-us</language>
    <copyright>© ${now.getUTCFullYear()} ${xml(source.name)} (fictional)</copyright>
    <lastBuildDate>${now.toUTCString()}</lastBuildDate>
    <itunes:author>${xml(source.name)}</itunes:author>
    <itunes:owner><itunes:name>${xml(source.name)}</itunes:name><itunes:email>hello@${source.host}</itunes:email></itunes:owner>
    <itunes:image href="${xml(image)}"/>
    <itunes:explicit>${source.explicit ? 'true' : 'false'}</itunes:explicit>
    <itunes:type>episodic</itunes:type>
    <itunes:category text="Sports"/>
    <podcast:locked>no</podcast:locked>
    <podcast:guid>${source.key}</podcast:guid>
${items.join('\n')}
  </channel>
</rss>
`;
}

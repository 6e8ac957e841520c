/**
 * YouTube channels have an Atom feed of their latest videos at
 * `https://www.youtube.com/feeds/videos.xml?channel_id=UC…`, but a channel is usually known by its
 * page (`/channel/UC…`, `/@handle`, `/c/name`, `/user/name`). This module finds the channel id
 * from the page URL, or from the page's HTML (its RSS `<link>`, canonical URL or embedded data).
 * @module
 */

/** The channel feed URL of a channel id. */
export function youtubeChannelFeedUrl(channelId: string): string {
  return `https://www.youtube.com/feeds/videos.xml?channel_id=${channelId}`;
}

// Channel ids are "UC" followed by 22 characters of URL-safe base64.
const CHANNEL_ID = 'UC[\\w-]{22}';

/**
 * True when `url` is on YouTube (youtube.com and its subdomains, youtu.be).
 * @example
 * isYouTubeUrl('https://m.youtube.com/@nba'); // true
 */
export function isYouTubeUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === 'youtube.com' || host.endsWith('.youtube.com') || host === 'youtu.be';
  } catch {
    return false;
  }
}

/**
 * The channel id in a YouTube channel page URL (`https://www.youtube.com/channel/UC…`), or null.
 * @example
 * channelIdFromUrl('https://www.youtube.com/channel/UCWJ2lWNubArHWmf3FIHbfcQ/videos'); // 'UCWJ2lWNubArHWmf3FIHbfcQ'
 */
export function channelIdFromUrl(url: string): string | null {
  if (!isYouTubeUrl(url)) return null;
  const path = new URL(url).pathname;
  return new RegExp(`^/channel/(${CHANNEL_ID})(?:/|$)`).exec(path)?.[1] ?? null;
}

/**
 * The channel id a YouTube page's HTML carries, or null: first its channel feed link, then its
 * canonical `/channel/UC…` URL, then the `channelId` of its metadata or embedded data.
 * @example
 * channelIdFromHtml('<meta itemprop="channelId" content="UCWJ2lWNubArHWmf3FIHbfcQ">'); // 'UCWJ2lWNubArHWmf3FIHbfcQ'
 */
export function channelIdFromHtml(html: string): string | null {
  const patterns = [
    new RegExp(`feeds/videos\\.xml\\?channel_id=(${CHANNEL_ID})`),
    new RegExp(`<link[^>]+rel=["']?canonical["']?[^>]+youtube\\.com/channel/(${CHANNEL_ID})`, 'i'),
    new RegExp(`itemprop=["']?(?:channelId|identifier)["']?\\s+content=["']?(${CHANNEL_ID})`, 'i'),
    new RegExp(`"(?:channelId|externalId|browseId)"\\s*:\\s*"(${CHANNEL_ID})"`),
  ];
  for (const pattern of patterns) {
    const id = pattern.exec(html)?.[1];
    if (id) return id;
  }
  return null;
}

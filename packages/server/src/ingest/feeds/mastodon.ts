/**
 * Mastodon ingestion: maps the JSON of `GET /api/v1/accounts/:id/statuses` (Mastodon REST API
 * status objects) to the product's post shape (spec "posts"; legacy tweets share it): safe text
 * from the status HTML, photos, one video, a link preview from the card, reply ids and a quoted
 * post (Mastodon 4.4+ `quote`). Boosts (reblogs) and non-public statuses are skipped.
 *
 * Input is untrusted JSON: every field is checked, nothing here throws.
 * @module
 */
import { absoluteUrl, normaliseDate, toSafeText } from './normalise.js';

/** A photo attached to a post. */
export interface PostPhoto {
  /** Absolute URL of the full image. */
  url: string;
  /** Absolute URL of a smaller preview, if given. */
  previewUrl: string | null;
  /** Alt text (plain text), if the author wrote one. */
  description: string | null;
  /** Width in pixels, if known. */
  width: number | null;
  /** Height in pixels, if known. */
  height: number | null;
}

/** A video (or GIF-like video) attached to a post. */
export interface PostVideo {
  /** Absolute URL of the video file. */
  url: string;
  /** Absolute URL of a still preview, if given. */
  previewUrl: string | null;
  /** `video` or `gifv` (looping, silent). */
  type: 'video' | 'gifv';
  /** Duration in seconds, if known. */
  durationSeconds: number | null;
  /** Alt text (plain text), if any. */
  description: string | null;
}

/** A link preview (Mastodon's "card"). */
export interface PostLinkPreview {
  /** Absolute URL of the linked page. */
  url: string;
  /** Plain-text title. */
  title: string;
  /** Plain-text description. */
  description: string;
  /** Absolute URL of the preview image, if any. */
  imageUrl: string | null;
  /** Plain-text name of the linked site, if any. */
  providerName: string | null;
}

/** The author of a post. */
export interface PostAccount {
  /** The account id on its home instance. */
  id: string;
  /** `user` or `user@instance`. */
  acct: string;
  /** Plain-text display name (falls back to the username). */
  displayName: string;
  /** Absolute profile URL. */
  url: string | null;
  /** Absolute avatar URL. */
  avatarUrl: string | null;
}

/** A social post, normalised from a Mastodon status. */
export interface Post {
  /** The status id on the instance it was read from (use with `sinceId` paging). */
  id: string;
  /** The ActivityPub URI: globally unique, the de-duplication key. */
  uri: string;
  /** The public web page of the post. */
  url: string | null;
  /** Plain text of the post (paragraphs and line breaks become spaces). */
  text: string;
  /** Content warning (plain text), empty when none. */
  spoilerText: string;
  /** True when the author marked the media sensitive. */
  sensitive: boolean;
  /** When it was posted (UTC, never in the future). */
  createdAt: Date;
  /** ISO 639 language code, if given. */
  language: string | null;
  /** The author. */
  account: PostAccount;
  /** Image attachments. */
  photos: PostPhoto[];
  /** The first video or gifv attachment, if any. */
  video: PostVideo | null;
  /** The link preview, if any. */
  linkPreview: PostLinkPreview | null;
  /** The id of the status this replies to, if a reply. */
  inReplyToId: string | null;
  /** The account id of the status this replies to, if a reply. */
  inReplyToAccountId: string | null;
  /** The quoted post when the instance sent it in full. */
  quote: Post | null;
  /** The quoted status id when only a reference was sent (or the full quote, for convenience). */
  quotedStatusId: string | null;
}

/** Options of {@link mapMastodonStatuses}. */
export interface MastodonMapOptions {
  /** The current time: future dates are clamped to it. */
  now?: Date;
}

/** The outcome of {@link parseMastodonStatuses}. */
export type MastodonParseResult =
  | { kind: 'ok'; posts: Post[] }
  | { kind: 'error'; code: 'malformed' | 'not-a-status-list'; message: string };

type Json = Record<string, unknown>;

/**
 * The REST URL of an account's public statuses, newest first, boosts excluded, newer than
 * `sinceId` when given. The account id is the numeric id from `/api/v1/accounts/lookup`.
 * @example
 * mastodonStatusesUrl('https://mastodon.social', '1090', { sinceId: '1135' });
 */
export function mastodonStatusesUrl(
  instance: string,
  accountId: string,
  options: { sinceId?: string | null; limit?: number } = {},
): string {
  const url = new URL(`/api/v1/accounts/${encodeURIComponent(accountId)}/statuses`, instance);
  url.searchParams.set('exclude_reblogs', 'true');
  url.searchParams.set('limit', String(Math.min(40, Math.max(1, options.limit ?? 40))));
  if (options.sinceId) url.searchParams.set('since_id', options.sinceId);
  return url.href;
}

/**
 * Parses the body of a statuses response and maps it with {@link mapMastodonStatuses}. Never
 * throws: invalid JSON or a body that is not an array gives an error result.
 * @example
 * const result = parseMastodonStatuses(fetchResult.body, { now: new Date() });
 */
export function parseMastodonStatuses(body: string, options: MastodonMapOptions = {}): MastodonParseResult {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'error', code: 'malformed', message: `Invalid JSON: ${message.slice(0, 200)}` };
  }
  if (!Array.isArray(json)) {
    return { kind: 'error', code: 'not-a-status-list', message: 'Expected an array of Mastodon statuses' };
  }
  return { kind: 'ok', posts: mapMastodonStatuses(json, options) };
}

/**
 * Maps Mastodon status objects to posts, skipping boosts, non-public statuses and anything that
 * is not a well-formed status.
 * @example
 * const posts = mapMastodonStatuses(await response.json(), { now: new Date() });
 */
export function mapMastodonStatuses(statuses: readonly unknown[], options: MastodonMapOptions = {}): Post[] {
  const now = options.now ?? new Date();
  const posts: Post[] = [];
  for (const status of statuses) {
    const post = mapMastodonStatus(status, now);
    if (post) posts.push(post);
  }
  return posts;
}

/**
 * Maps one status to a post, or `null` when it is a boost, not public, or malformed.
 * The quoted status, when present in full, is mapped too (one level deep).
 * @example
 * mapMastodonStatus(statusJson, new Date());
 */
export function mapMastodonStatus(value: unknown, now: Date, depth = 0): Post | null {
  if (!isObject(value)) return null;
  // A boost is someone else's post; it is ingested from its author's account, if followed.
  if (value.reblog !== null && value.reblog !== undefined) return null;
  // Only "public" statuses: "unlisted" authors asked not to be shown in public listings.
  if (value.visibility !== undefined && value.visibility !== 'public') return null;
  const id = str(value.id);
  const uri = str(value.uri);
  const account = mapAccount(value.account);
  if (!id || !uri || !account) return null;

  const attachments = Array.isArray(value.media_attachments) ? value.media_attachments.filter(isObject) : [];
  const photos: PostPhoto[] = [];
  let video: PostVideo | null = null;
  for (const media of attachments) {
    const url = absoluteUrl(str(media.url) ?? str(media.remote_url));
    if (!url) continue;
    const original = isObject(media.meta) && isObject(media.meta.original) ? media.meta.original : {};
    if (media.type === 'image') {
      photos.push({
        url,
        previewUrl: absoluteUrl(str(media.preview_url)),
        description: toSafeText(str(media.description), 1500) || null,
        width: num(original.width),
        height: num(original.height),
      });
    } else if ((media.type === 'video' || media.type === 'gifv') && !video) {
      video = {
        url,
        previewUrl: absoluteUrl(str(media.preview_url)),
        type: media.type,
        durationSeconds: num(original.duration),
        description: toSafeText(str(media.description), 1500) || null,
      };
    }
  }

  const quoted = readQuote(value.quote, now, depth);
  return {
    id,
    uri,
    url: absoluteUrl(str(value.url)),
    text: toSafeText(str(value.content), 5000),
    spoilerText: toSafeText(str(value.spoiler_text), 500),
    sensitive: value.sensitive === true,
    createdAt: normaliseDate(str(value.created_at), now).date ?? new Date(now.getTime()),
    language: str(value.language) ?? null,
    account,
    photos,
    video,
    linkPreview: mapCard(value.card),
    inReplyToId: str(value.in_reply_to_id) ?? null,
    inReplyToAccountId: str(value.in_reply_to_account_id) ?? null,
    quote: quoted.post,
    quotedStatusId: quoted.id,
  };
}

/**
 * Mastodon 4.4+ sends `quote` as a Quote (`{ state, quoted_status }`) or, nested deeper, a
 * ShallowQuote (`{ state, quoted_status_id }`); only accepted quotes are shown.
 */
function readQuote(value: unknown, now: Date, depth: number): { post: Post | null; id: string | null } {
  if (!isObject(value)) return { post: null, id: null };
  if (value.state !== undefined && value.state !== 'accepted') return { post: null, id: null };
  const post = depth === 0 ? mapMastodonStatus(value.quoted_status, now, depth + 1) : null;
  const nestedId = isObject(value.quoted_status) ? str(value.quoted_status.id) : undefined;
  return { post, id: post?.id ?? str(value.quoted_status_id) ?? nestedId ?? null };
}

function mapAccount(value: unknown): PostAccount | null {
  if (!isObject(value)) return null;
  const id = str(value.id);
  const acct = str(value.acct) ?? str(value.username);
  if (!id || !acct) return null;
  return {
    id,
    acct: toSafeText(acct, 200),
    displayName: toSafeText(str(value.display_name), 200) || toSafeText(str(value.username) ?? acct, 200),
    url: absoluteUrl(str(value.url)),
    avatarUrl: absoluteUrl(str(value.avatar)),
  };
}

function mapCard(value: unknown): PostLinkPreview | null {
  if (!isObject(value)) return null;
  const url = absoluteUrl(str(value.url));
  if (!url) return null;
  return {
    url,
    title: toSafeText(str(value.title), 300),
    description: toSafeText(str(value.description), 1000),
    imageUrl: absoluteUrl(str(value.image)),
    providerName: toSafeText(str(value.provider_name), 200) || null,
  };
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

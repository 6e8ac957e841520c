/**
 * Maps the JSON stored with a post (tweeter, quoted post, link preview, video, photos as the
 * Mastodon ingestion writes them, or already in the contract's shape for legacy rows) to the
 * contract's post parts. Stored JSON is treated as untrusted: wrong types become null or are dropped.
 * @module
 */
import type { LinkPreview, Photo, QuotedPost, Tweeter, VideoMedia } from '@sportspyder/contract';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function int(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** The author of a post; a missing or broken value becomes an unnamed account. */
export function toTweeter(value: unknown): Tweeter {
  const v = isObject(value) ? value : {};
  const screenName = str(v.screenName) ?? str(v.acct) ?? '';
  return {
    name: str(v.name) ?? str(v.displayName) ?? screenName,
    screenName,
    imageUrl: str(v.imageUrl) ?? str(v.avatarUrl),
    type: str(v.type) ?? 'mastodon',
  };
}

/** The photos of a post; `postId` makes their media ids unique. */
export function toPhotos(value: unknown, postId: number): Photo[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).flatMap((v, index): Photo[] => {
    const imageUrl = str(v.imageUrl) ?? str(v.url);
    if (!imageUrl) return [];
    return [
      {
        id: index + 1,
        mediaId: str(v.mediaId) ?? `${postId}-${index + 1}`,
        mediaType: str(v.mediaType) ?? 'photo',
        description: str(v.description),
        imageUrl,
        originalHeight: int(v.originalHeight) ?? int(v.height),
        originalWidth: int(v.originalWidth) ?? int(v.width),
        previewUrl: str(v.previewUrl),
        smallHeight: int(v.smallHeight),
        smallWidth: int(v.smallWidth),
      },
    ];
  });
}

/** The video of a post, or null. */
export function toVideo(value: unknown, postId: number): VideoMedia | null {
  if (!isObject(value)) return null;
  const url = str(value.url);
  if (!url) return null;
  return {
    id: 1,
    mediaId: str(value.mediaId) ?? `${postId}-video`,
    mediaType: str(value.mediaType) ?? str(value.type) ?? 'video',
    url,
    previewUrl: str(value.previewUrl),
    originalHeight: int(value.originalHeight) ?? int(value.height),
    originalWidth: int(value.originalWidth) ?? int(value.width),
    smallHeight: int(value.smallHeight),
    smallWidth: int(value.smallWidth),
  };
}

/** The link preview card of a post, or null. */
export function toLinkPreview(value: unknown): LinkPreview | null {
  if (!isObject(value)) return null;
  const url = str(value.url);
  if (!url) return null;
  const image = str(value.image) ?? str(value.imageUrl);
  return {
    url,
    siteName: str(value.siteName) ?? str(value.providerName),
    title: str(value.title),
    image,
    imageUrl: str(value.imageUrl) ?? image,
    previewUrl: str(value.previewUrl) ?? image,
    width: int(value.width),
    height: int(value.height),
  };
}

/** The quoted post, or null (also when only a reference to it was stored). */
export function toQuotedPost(value: unknown): QuotedPost | null {
  if (!isObject(value)) return null;
  const text = typeof value.text === 'string' ? value.text : null;
  if (text === null) return null;
  const tweeter = toTweeter(value.tweeter ?? value);
  const [photo] = toPhotos(value.photos, 0);
  return {
    text,
    name: str(value.name) ?? tweeter.name,
    screenName: str(value.screenName) ?? tweeter.screenName,
    image: str(value.image) ?? tweeter.imageUrl,
    imageUrl: str(value.imageUrl) ?? photo?.imageUrl ?? null,
    previewUrl: str(value.previewUrl) ?? photo?.previewUrl ?? null,
    width: int(value.width) ?? photo?.originalWidth ?? null,
    height: int(value.height) ?? photo?.originalHeight ?? null,
  };
}

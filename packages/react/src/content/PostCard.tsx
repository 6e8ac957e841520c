/**
 * A social post of a team feed (spec 2 §2 posts, §3): the account's avatar, name and handle, the
 * text, a photo grid, a video, a link preview card, a quoted post, and a marker on replies.
 * @module
 */
import type { Post } from '@sportspyder/contract';
import { timeAgo } from './media-helpers.js';

/** The marker shown on a post that answers another post. */
export const REPLY_MARKER_TEXT = 'Replying to a post';

/** Props of {@link PostCard}. */
export interface PostCardProps {
  /** The post. */
  post: Post;
  /** The reference time of the relative date. */
  now?: Date;
}

/**
 * One post.
 *
 * @example
 * ```tsx
 * <PostCard post={post} />
 * ```
 */
export function PostCard({ post, now }: PostCardProps) {
  const { tweeter, photos, video, linkPreview, quotedTweet } = post;
  const href = post.url || post.uri;
  const time = timeAgo(post.postedDate || post.tweetedAt, now);
  const linkImage = linkPreview && (linkPreview.previewUrl || linkPreview.imageUrl || linkPreview.image);
  const quotedImage = quotedTweet && (quotedTweet.previewUrl || quotedTweet.imageUrl || quotedTweet.image);
  return (
    <article className="ss-post" data-testid="post-card">
      <header className="ss-post__header">
        {tweeter.imageUrl ? (
          <img className="ss-post__avatar" src={tweeter.imageUrl} alt="" width={40} height={40} />
        ) : (
          <span className="ss-post__avatar ss-post__avatar--empty" aria-hidden="true" />
        )}
        <span className="ss-post__who">
          <span className="ss-post__name">{tweeter.name}</span>
          <span className="ss-post__handle">@{tweeter.screenName}</span>
        </span>
        {href ? (
          <a className="ss-post__time" href={href} target="_blank" rel="noopener noreferrer">
            <time dateTime={post.tweetedAt}>{time}</time>
          </a>
        ) : (
          <time className="ss-post__time" dateTime={post.tweetedAt}>
            {time}
          </time>
        )}
      </header>
      {post.inReplyToId && <p className="ss-post__reply">{REPLY_MARKER_TEXT}</p>}
      <p className="ss-post__text">{post.text}</p>
      {photos.length > 0 && (
        <div className={`ss-post__photos ss-post__photos--${Math.min(photos.length, 4)}`}>
          {photos.slice(0, 4).map((photo) => (
            <a key={photo.id} href={photo.imageUrl} target="_blank" rel="noopener noreferrer">
              <img
                src={photo.previewUrl || photo.imageUrl}
                alt={photo.description ?? ''}
                loading="lazy"
                width={photo.smallWidth ?? undefined}
                height={photo.smallHeight ?? undefined}
              />
            </a>
          ))}
        </div>
      )}
      {video && (
        // biome-ignore lint/a11y/useMediaCaption: social videos come without caption tracks
        <video
          className="ss-post__video"
          src={video.url}
          poster={video.previewUrl ?? undefined}
          controls
          preload="none"
          playsInline
        />
      )}
      {linkPreview && (
        <a className="ss-post__link-card" href={linkPreview.url} target="_blank" rel="noopener noreferrer">
          {linkImage && <img src={linkImage} alt="" loading="lazy" />}
          <span className="ss-post__link-text">
            {linkPreview.siteName && <span className="ss-post__link-site">{linkPreview.siteName}</span>}
            <span className="ss-post__link-title">{linkPreview.title || linkPreview.url}</span>
          </span>
        </a>
      )}
      {quotedTweet && (
        <blockquote className="ss-post__quote">
          <p className="ss-post__quote-who">
            <span className="ss-post__name">{quotedTweet.name}</span>{' '}
            <span className="ss-post__handle">@{quotedTweet.screenName}</span>
          </p>
          <p className="ss-post__quote-text">{quotedTweet.text}</p>
          {quotedImage && <img src={quotedImage} alt="" loading="lazy" />}
        </blockquote>
      )}
    </article>
  );
}

/**
 * One notification as the lists show it (/notifications and the profile, spec 1 §3 "Notification"):
 * the event with the author of a message, the message cut at 75 characters, the episode or article
 * it is about, and the time. Unread ones are marked. A message links to its place (its channel's
 * message link, or the article or episode page with `?messageId=`), which opens at that message.
 * @module
 */
import type { Notification } from '@sportspyder/contract';
import { notificationExcerpt } from '@sportspyder/core';
import { SpoilerBlur } from '@sportspyder/react';
import { Link } from 'react-router';
import { messageLinkPath } from '../chat/chatPaths.js';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One notification: who and what, the message excerpt, the episode or article, and when. */
export function NotificationItem({ notification }: { notification: Notification }) {
  const { message, episode, article } = notification;
  const spoiler = notification.spoiler === true;
  const who = message ? `${message.username} ` : '';
  // A comment's place is its article or episode; a message with no known place has no link.
  const messageLink =
    message && (message.channelId != null || article || episode)
      ? messageLinkPath({ ...message, article, episode })
      : null;
  return (
    <li className={`ss-notification${notification.readAt ? '' : ' ss-notification--unread'}`}>
      <p className="ss-notification__event">
        {who}
        {notification.event}
      </p>
      {message ? (
        <p className="ss-notification__message">
          {/* The spoiler shield (issue 49): the server marks a quote or title that gives a hidden result away. */}
          <SpoilerBlur hidden={spoiler} text={`“${notificationExcerpt(message.content)}”`}>
            {messageLink ? (
              <Link to={messageLink}>“{notificationExcerpt(message.content)}”</Link>
            ) : (
              <>“{notificationExcerpt(message.content)}”</>
            )}
          </SpoilerBlur>
        </p>
      ) : null}
      {episode ? (
        <p className="ss-notification__subject">
          <SpoilerBlur hidden={spoiler} text={episode.title}>
            <Link to={`/podcasts/${episode.podcastId}/episodes/${episode.id}`}>{episode.title}</Link>
          </SpoilerBlur>
        </p>
      ) : null}
      {article ? (
        <p className="ss-notification__subject">
          <SpoilerBlur hidden={spoiler} text={article.title}>
            <a href={article.finalUrl} rel="noopener">
              {article.title}
            </a>
          </SpoilerBlur>
        </p>
      ) : null}
      <p className="ss-notification__time">
        <time dateTime={notification.createdAt}>{dateFormat.format(new Date(notification.createdAt))}</time>
      </p>
    </li>
  );
}

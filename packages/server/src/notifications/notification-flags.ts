/**
 * Which member flags govern each notification type (spec 1 §3 "Notification", "Account settings"):
 * the notify column decides whether the notification is created, the email column whether it is
 * mailed. Popular episodes have no flags of their own and follow the recommendations' flags.
 * @module
 */
import type { NotificationType } from '@sportspyder/contract';

/** The columns of `users` behind a notification type. */
export interface NotificationFlags {
  /** Creates the notification when true. */
  notify: string;
  /** Mails it when true (and unsubscribe-all is off). */
  email: string;
  /** The e-mail account field (the hash pages' name for the email column). */
  emailField:
    | 'emailMessageReplies'
    | 'emailMessageMentions'
    | 'emailMessageThreads'
    | 'emailMessageLikes'
    | 'emailPodcastNewEpisodes'
    | 'emailPodcastRecommendations'
    | 'emailEggNewArticle';
}

/** Flags by notification type. */
export const NOTIFICATION_FLAGS: Record<NotificationType, NotificationFlags> = {
  message_replies: {
    notify: 'notify_message_replies',
    email: 'email_message_replies',
    emailField: 'emailMessageReplies',
  },
  message_mentions: {
    notify: 'notify_message_mentions',
    email: 'email_message_mentions',
    emailField: 'emailMessageMentions',
  },
  message_threads: {
    notify: 'notify_message_threads',
    email: 'email_message_threads',
    emailField: 'emailMessageThreads',
  },
  message_likes: {
    notify: 'notify_message_likes',
    email: 'email_message_likes',
    emailField: 'emailMessageLikes',
  },
  podcast_new_episodes: {
    notify: 'notify_podcast_new_episodes',
    email: 'email_podcast_new_episodes',
    emailField: 'emailPodcastNewEpisodes',
  },
  podcast_recommendations: {
    notify: 'notify_podcast_recommendations',
    email: 'email_podcast_recommendations',
    emailField: 'emailPodcastRecommendations',
  },
  podcast_popular: {
    notify: 'notify_podcast_popular',
    email: 'email_podcast_recommendations',
    emailField: 'emailPodcastRecommendations',
  },
  egg_new_article: {
    notify: 'notify_egg_new_article',
    email: 'email_egg_new_article',
    emailField: 'emailEggNewArticle',
  },
};

/** True for a known notification type. */
export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && Object.hasOwn(NOTIFICATION_FLAGS, value);
}

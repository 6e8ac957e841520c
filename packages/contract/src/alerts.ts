/**
 * Alerts for followed teams and podcasts (issue 49, Web Push): the VAPID public key, a browser's
 * push subscription, the member's alert choices with quiet hours, and the payload the service
 * worker receives.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { Id, Nullable } from './common.js';

/** `GET api/v1/push/public_key` answer: the VAPID public key for `pushManager.subscribe`. */
export const PushPublicKeyResponse = Type.Object({
  publicKey: Type.String({
    description:
      'The VAPID public key (an uncompressed P-256 point, base64url without padding), given as `applicationServerKey`.',
  }),
});
/** `GET api/v1/push/public_key` answer. */
export type PushPublicKeyResponse = Static<typeof PushPublicKeyResponse>;

/** `POST api/v1/profile/push_subscriptions` body: `PushSubscription.toJSON()` without `expirationTime`. */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: 'The push service URL of the subscription (https; loopback http outside production).',
  }),
  keys: Type.Object({
    p256dh: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '^[A-Za-z0-9_-]+={0,2}$',
      description: "The browser's P-256 public key, base64url.",
    }),
    auth: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '^[A-Za-z0-9_-]+={0,2}$',
      description: 'The 16-byte authentication secret, base64url.',
    }),
  }),
});
/** `POST api/v1/profile/push_subscriptions` body. */
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

/** `POST api/v1/profile/push_subscriptions` answer: 201 when new, 200 with the same id for a known endpoint. */
export const PushSubscriptionResponse = Type.Object({ id: Id });
/** `POST api/v1/profile/push_subscriptions` answer. */
export type PushSubscriptionResponse = Static<typeof PushSubscriptionResponse>;

/** `DELETE api/v1/profile/push_subscriptions` body: the endpoint to forget. */
export const PushSubscriptionDeleteBody = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: 2048 }),
});
/** `DELETE api/v1/profile/push_subscriptions` body. */
export type PushSubscriptionDeleteBody = Static<typeof PushSubscriptionDeleteBody>;

/** The alert kinds of one followed team. */
export const TeamAlertChoice = Type.Object({
  teamId: Id,
  gameStart: Type.Boolean({ description: 'An alert when a game of the team starts.' }),
  finalScore: Type.Boolean({
    description: "An alert with the final score (without it while the team's spoiler shield is on).",
  }),
  breaking: Type.Boolean({
    description: 'An alert when a story about the team is carried by several sources within minutes.',
  }),
});
/** The alert kinds of one followed team. */
export type TeamAlertChoice = Static<typeof TeamAlertChoice>;

/** The alert kinds of one followed podcast. */
export const PodcastAlertChoice = Type.Object({
  podcastId: Id,
  newEpisode: Type.Boolean({ description: 'An alert when the podcast publishes an episode.' }),
});
/** The alert kinds of one followed podcast. */
export type PodcastAlertChoice = Static<typeof PodcastAlertChoice>;

/** A wall-clock time of day, `HH:MM` (24-hour). */
export const ClockTime = Type.String({
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  description: '`HH:MM`, 24-hour.',
});

/** Quiet hours: no alert is sent from `start` to `end` in the member's time zone (may span midnight). */
export const QuietHours = Type.Object({
  start: ClockTime,
  end: ClockTime,
  timeZone: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'An IANA time zone, e.g. `Europe/Paris`.',
  }),
});
/** Quiet hours. */
export type QuietHours = Static<typeof QuietHours>;

/**
 * `GET/PUT api/v1/profile/alerts`: one entry per followed team and followed podcast (all kinds off until
 * the member turns them on) and the quiet hours (`null` for none). A PUT names the entries it changes;
 * an entry for a team or podcast not followed answers 422 naming it.
 */
export const AlertSettings = Type.Object({
  teams: Type.Array(TeamAlertChoice, { maxItems: 500 }),
  podcasts: Type.Array(PodcastAlertChoice, { maxItems: 2000 }),
  quietHours: Nullable(QuietHours),
});
/** The member's alert choices. */
export type AlertSettings = Static<typeof AlertSettings>;

/** The kind of an alert. */
export const AlertKind = Type.Union([
  Type.Literal('game_start'),
  Type.Literal('final_score'),
  Type.Literal('breaking'),
  Type.Literal('new_episode'),
]);
/** The kind of an alert. */
export type AlertKind = Static<typeof AlertKind>;

/**
 * The JSON a push message carries (what the service worker's `push` event reads). Messages with the same
 * `tag` replace each other on the device (one per game: a newer score replaces the older).
 */
export const PushPayload = Type.Object({
  kind: AlertKind,
  title: Type.String(),
  body: Type.String(),
  url: Type.String({ description: 'The site path to open on click, e.g. `/nfl/games/123`.' }),
  tag: Type.String({ description: 'Collapse key, e.g. `game-123`.' }),
  timestamp: Type.Number({ description: 'When the event happened, in milliseconds since the epoch.' }),
});
/** The JSON a push message carries. */
export type PushPayload = Static<typeof PushPayload>;

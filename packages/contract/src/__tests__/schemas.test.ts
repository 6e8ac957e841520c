// The input rules of the spec live in the request schemas; these cases check that the schemas
// accept what the product sends and reject what the spec forbids.
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { AccountUpdateBody, FollowingTeamsOrderBody, PasswordChangeBody, UserSignup } from '../account.js';
import { Article } from '../article.js';
import { BillingCreateBody, BillingRecord } from '../billing.js';
import { ChannelMessageCreateBody, ChatColor, CommentCreateBody, FlagCreateBody, Message } from '../chat.js';
import { EmailAccountUpdateBody, NewsletterSignup, SubscriberUpdateBody } from '../email.js';
import { ErrorList } from '../errors.js';
import { FantasyTeamCreateBody } from '../fantasy.js';
import { Feedback } from '../feedback.js';
import { Game } from '../game.js';
import { Notification } from '../notification.js';
import { EpisodeEventBody, PodcastListenQuery } from '../podcast.js';
import { routes } from '../routes.js';
import { SearchQuery } from '../search.js';
import { Session } from '../session.js';

// TypeBox's checker knows no formats by itself; the server's ajv has ajv-formats. Register the two
// the contract uses with the same meaning so the samples are checked as the server checks them.
FormatRegistry.Set(
  'date-time',
  (v) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(v) &&
    !Number.isNaN(Date.parse(v)),
);
FormatRegistry.Set('email', (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v));

const user = {
  id: 7,
  username: 'profan',
  email: 'pro@sportspyder.test',
  displayName: 'Pro Fan',
  linksInNewWindow: false,
  notificationsCount: 3,
  admin: false,
  pro: true,
  proState: 'paid',
  proDaysLeft: null,
  proSince: '2026-01-05T10:00:00Z',
  api: false,
  chatColor: 'Ocean',
  chatProBadge: true,
  chatProfanityFilter: true,
  chatAcceptedRules: true,
  chatHidden: false,
  fantasyTeams: [{ id: 1, name: 'My baseball team', sportId: 1, sportSlug: 'mlb' }],
  followingTeams: [{ id: 11, teamId: 22 }],
  suggestedTeams: [5, 6],
  podcastListens: { recents: [{ id: 9, time: 12.5 }], completed: [4], times: { '9': 12.5 }, episode: 9 },
};
const session = {
  id: 'c2Vzc2lvbg',
  version: '2026.11.22',
  loggedIn: true,
  user,
  promoTeams: [22],
  exp: { id: 1, type: 'ads', platform: 'web', variants: [{ id: 4, percentage: 50 }] },
};

const domain = { id: 3, name: 'espn.com', favicon: null, description: null, isYoutube: false, label: 'ESPN' };
const articleFields = {
  id: 100,
  title: 'Packers win in overtime',
  summary: 'A late field goal decided it.',
  finalUrl: 'https://www.espn.com/nfl/story/1',
  author: null,
  spyderDate: '2026-11-21T20:00:00Z',
  postedDate: '2026-11-21T19:55:00Z',
  articleImage: { url: 'https://img.example/1.jpg', homeUrl: null },
  domain,
  egg: { id: 8 },
  players: [{ id: 1, name: 'Jordan Love', slug: 'jordan-love' }],
  teams: [
    {
      id: 22,
      slug: 'green-bay-packers',
      sportSlug: 'nfl',
      name: 'Packers',
      shortName: 'GB',
      logo: '/logos/teams/green-bay-packers.svg',
    },
  ],
  hot: true,
  promoted: false,
  paywall: false,
  isYoutube: false,
};
const article = { ...articleFields, subarticles: [{ ...articleFields, id: 101 }] };

const side = {
  location: 'Green Bay',
  name: 'Packers',
  abbr: 'GB',
  slug: 'green-bay-packers',
  logo: null,
  sportSlug: 'nfl',
  pending: false,
  standing: '8-3',
  score: 24,
  win: true,
};
const game = {
  id: 5,
  startsAt: '2026-11-21T18:00:00Z',
  status: 'finished',
  progress: null,
  videoUrl: null,
  recap: null,
  home: side,
  away: { ...side, win: false },
};

const chatUser = {
  id: 7,
  username: 'profan',
  displayName: null,
  createdAt: '2025-03-01T00:00:00Z',
  chatColor: 'Ocean',
  chatProBadge: true,
  chatAcceptedRules: true,
  pro: true,
  proState: 'paid',
  proDaysLeft: null,
  proSince: null,
  api: false,
};
const message = {
  id: 50,
  content: 'What a game',
  user: chatUser,
  parentId: null,
  repliesCount: 0,
  messagesCount: 0,
  article: null,
  episode: null,
  deletedAt: null,
  updatedAt: null,
};

type Case = [name: string, schema: TSchema, value: unknown, valid: boolean];

const cases: Case[] = [
  ['a realistic signed-in Session', Session, session, true],
  ['a signed-out Session', Session, { ...session, loggedIn: false, user: null, exp: null }, true],
  ['a Session with an unknown proState', Session, { ...session, user: { ...user, proState: 'gold' } }, false],
  ['an Article with a grouped sub-article', Article, article, true],
  ['an Article with a non ISO spyderDate', Article, { ...article, spyderDate: 'yesterday' }, false],
  ['a finished Game', Game, game, true],
  ['a Game with status "halftime"', Game, { ...game, status: 'halftime' }, false],
  ['a chat Message', Message, message, true],
  [
    'a Notification of type message_replies',
    Notification,
    {
      id: 1,
      type: 'message_replies',
      event: 'replied to your message',
      readAt: null,
      createdAt: '2026-11-21T18:00:00Z',
      messagesCount: 1,
      message: { id: 50, content: 'hi', parentId: 49, channelId: 2, username: 'demo' },
      episode: null,
      article: null,
    },
    true,
  ],
  [
    'a Notification of an unknown type',
    Notification,
    {
      id: 1,
      type: 'friend_request',
      event: 'x',
      readAt: null,
      createdAt: '2026-11-21T18:00:00Z',
      messagesCount: 0,
      message: null,
      episode: null,
      article: null,
    },
    false,
  ],
  [
    'ErrorList with one error',
    ErrorList,
    { errors: [{ title: 'Email is invalid', code: 'invalid', field: 'email' }] },
    true,
  ],
  ['ErrorList with empty errors', ErrorList, { errors: [] }, false],
  ['chat content of 300 characters', ChannelMessageCreateBody, { content: 'a'.repeat(300) }, true],
  ['chat content over 300 characters', ChannelMessageCreateBody, { content: 'a'.repeat(301) }, false],
  ['blank chat content', ChannelMessageCreateBody, { content: '   \n ' }, false],
  ['empty comment', CommentCreateBody, { content: '' }, false],
  ['a reply with parentId', ChannelMessageCreateBody, { content: '@demo agreed', parentId: 50 }, true],
  [
    'a report with reason Other and 200 characters',
    FlagCreateBody,
    { chatFlagReasonId: 6, message: 'x'.repeat(200) },
    true,
  ],
  [
    'a report with "Other" text over 200',
    FlagCreateBody,
    { chatFlagReasonId: 6, message: 'x'.repeat(201) },
    false,
  ],
  ['a report with reason 7', FlagCreateBody, { chatFlagReasonId: 7 }, false],
  ['the colour Hazelnut', ChatColor, 'Hazelnut', true],
  ['the colour Teal', ChatColor, 'Teal', false],
  ['newsletter frequency daily', SubscriberUpdateBody, { frequency: 'daily' }, true],
  ['newsletter frequency monthly', SubscriberUpdateBody, { frequency: 'monthly' }, false],
  ['e-mail frequency monthly', EmailAccountUpdateBody, { emailNewsletterRecapFrequency: 'monthly' }, false],
  ['a newsletter signup', NewsletterSignup, { email: 'fan@example.com', teamId: 22 }, true],
  ['a newsletter signup without team', NewsletterSignup, { email: 'fan@example.com' }, false],
  ['a fantasy team for NHL', FantasyTeamCreateBody, { name: 'My hockey team', sportId: 4 }, true],
  ['a fantasy team without a name', FantasyTeamCreateBody, { name: '  ', sportId: 1 }, false],
  ['a fantasy team for sport 5', FantasyTeamCreateBody, { name: 'Soccer', sportId: 5 }, false],
  [
    'billing with the yearly plan',
    BillingCreateBody,
    { planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Jo Fan' },
    true,
  ],
  [
    'billing without the name on the card',
    BillingCreateBody,
    { planName: 'pro-yearly', tokenId: 'tok_visa' },
    false,
  ],
  ['billing with an unknown plan', BillingCreateBody, { planName: 'pro-weekly', tokenId: 'tok_visa' }, false],
  [
    'a record without plan or card',
    BillingRecord,
    { id: 1, custId: null, plan: null, planRenews: null, planEnds: null, comped: false, creditCard: null },
    true,
  ],
  [
    'feedback on topic 5',
    Feedback,
    { feedbackTopicId: 5, email: 'ads@example.com', subject: 'Ads', message: 'Hi', recaptcha: 't' },
    true,
  ],
  ['feedback on topic 4', Feedback, { feedbackTopicId: 4, email: 'a@example.com', recaptcha: 't' }, false],
  ['feedback without recaptcha', Feedback, { feedbackTopicId: 1, email: 'a@example.com' }, false],
  [
    'a sign-up',
    UserSignup,
    { username: 'fan_1', email: 'fan@example.com', password: 'longenough', recaptcha: 't' },
    true,
  ],
  [
    'a sign-up with a 3-character username',
    UserSignup,
    { username: 'fan', email: 'fan@example.com', password: 'longenough', recaptcha: 't' },
    false,
  ],
  [
    'a sign-up with a 7-character password',
    UserSignup,
    { username: 'fan_1', email: 'fan@example.com', password: 'short12', recaptcha: 't' },
    false,
  ],
  [
    'a sign-up with a dash in the username',
    UserSignup,
    { username: 'fan-1', email: 'fan@example.com', password: 'longenough', recaptcha: 't' },
    false,
  ],
  ['marking notifications read', AccountUpdateBody, { notificationsRead: true }, true],
  [
    'a password change',
    PasswordChangeBody,
    { currentPassword: 'old-pass', newPassword: 'new-password' },
    true,
  ],
  ['a reorder with duplicate ids', FollowingTeamsOrderBody, { faveIds: [1, 1] }, false],
  [
    'a play event',
    EpisodeEventBody,
    {
      platform: 0,
      time: 42,
      duration: 3600,
      hash: 'abc',
      eventType: 'play',
      speed: 1.5,
      ctype: 'Team',
      cid: 22,
    },
    true,
  ],
  [
    'an event of type "stop"',
    EpisodeEventBody,
    { platform: 0, time: 42, hash: 'abc', eventType: 'stop' },
    false,
  ],
  ['listens with limit 8', PodcastListenQuery, { hash: 'abc', limit: 8 }, true],
  [
    'a search sorted by relevance in the past week',
    SearchQuery,
    { q: 'packers', sort: 'relevance', filter: 'week' },
    true,
  ],
  ['a search with an empty q', SearchQuery, { q: '' }, false],
];

describe('contract schemas', () => {
  it.each(cases.map(([name, schema, value, valid]) => ({ name, schema, value, valid })))(
    '$name → valid: $valid',
    ({ schema, value, valid }) => {
      expect(Value.Check(schema, value)).toBe(valid);
    },
  );

  it('requires the spec route inputs: the fantasy search needs a sport, listens need the hash', () => {
    expect(Value.Check(routes.searchFantasyPlayers.querystring, { q: 'judge' })).toBe(false);
    expect(Value.Check(routes.listPodcastListens.querystring, { limit: 3 })).toBe(false);
  });

  it('gives paged lists their spec default page size', () => {
    const perPage = (q: unknown) =>
      (q as { properties: { perPage: { default: number } } }).properties.perPage.default;
    expect(perPage(routes.listTeamArticles.querystring)).toBe(13);
    expect(perPage(routes.listPodcastEpisodes.querystring)).toBe(25);
    expect(perPage(routes.listTeamPodcastEpisodes.querystring)).toBe(4);
    expect(perPage(routes.listRelatedArticles.querystring)).toBe(8);
  });
});

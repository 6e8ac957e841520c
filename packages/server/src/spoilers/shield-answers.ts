/**
 * Applies a member's spoiler shield to every API answer (issue 49), in one place rather than in each of
 * the routes that carry games or headlines (games boxes, team and sport feeds, search, notifications,
 * the headline embed, chat): a `preSerialization` hook finds the games, the article cards and the chat
 * messages in a signed-in member's answer and
 *   - takes the result out of a game the shield hides (scores, `win`, the recap headline) and marks it
 *     `resultHidden`, so no score reaches the browser, its caches or a screen reader;
 *   - marks `spoiler` an article (or grouped sub-article) tagged with a shielded team whose line gives a
 *     result away (`givesResultAway`) and was published after a hidden game of that team started: the
 *     client blurs it with a reveal control (the line is the article's link, so it travels with it);
 *   - marks `spoiler` a video the same way (a video is an article of kind `video`: the same shape and
 *     walk), and a podcast episode tagged with a shielded team or whose podcast is filed under one
 *     (`shield-episodes.ts`);
 *   - marks `spoiler` a chat message written after a hidden game started that names a result
 *     ({@link chatMessageGivesResultAway}), and a notification whose quoted message, article or episode
 *     does.
 * A visitor's answer, or a member's without a shield on, is left as it is (one indexed read). The answer
 * is copied before it is marked: some answers are shared between readers (`content/feeds/shared-answers.ts`).
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { currentUserId } from '../http/current-user.js';
import { hiddenGameCondition, hiddenGameIds } from './shield-check.js';
import { type EpisodeLike, markEpisodes } from './shield-episodes.js';
import { givesResultAway } from './spoiler-headline.js';

interface GameLike {
  id: number;
  startsAt: string;
  status: string;
  recap: unknown;
  resultHidden?: boolean;
  home: { score: number | null; win: boolean | null; slug?: unknown };
  away: { score: number | null; win: boolean | null; slug?: unknown };
}

interface MessageLike {
  content: string;
  createdAt?: string;
  deletedAt: string | null;
  spoiler?: boolean;
}

interface NotificationLike {
  createdAt: string;
  message: { content: string } | null;
  article: { title: string } | null;
  episode?: { title: string } | null;
  spoiler?: boolean;
}

interface ArticleLike {
  title: string;
  summary: string | null;
  spyderDate: string;
  teams: { id: number }[];
  spoiler?: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isGame(value: Record<string, unknown>): value is Record<string, unknown> & GameLike {
  return (
    typeof value.id === 'number' &&
    typeof value.status === 'string' &&
    typeof value.startsAt === 'string' &&
    isObject(value.home) &&
    isObject(value.away) &&
    'score' in value.home
  );
}

function isMessage(value: Record<string, unknown>): value is Record<string, unknown> & MessageLike {
  return typeof value.content === 'string' && typeof value.repliesCount === 'number' && isObject(value.user);
}

function isNotification(value: Record<string, unknown>): value is Record<string, unknown> & NotificationLike {
  return (
    typeof value.event === 'string' &&
    typeof value.messagesCount === 'number' &&
    typeof value.createdAt === 'string' &&
    'article' in value &&
    'message' in value
  );
}

function isArticle(value: Record<string, unknown>): value is Record<string, unknown> & ArticleLike {
  return (
    typeof value.title === 'string' && typeof value.spyderDate === 'string' && Array.isArray(value.teams)
  );
}

// An episode in any of the contract's shapes (`PodcastEpisode`, `SubEpisode`, `EpisodeRef`).
function isEpisode(value: Record<string, unknown>): value is Record<string, unknown> & EpisodeLike {
  return (
    typeof value.id === 'number' &&
    typeof value.title === 'string' &&
    typeof value.enclosureUrl === 'string' &&
    typeof value.publishedAt === 'string' &&
    isObject(value.podcast)
  );
}

/** What an answer holds that the shield may mark. */
interface Found {
  games: GameLike[];
  articles: ArticleLike[];
  episodes: EpisodeLike[];
  messages: MessageLike[];
  notifications: NotificationLike[];
}

/** Collects the games, articles and chat messages of an answer (any depth: lists, envelopes, sections). */
function collect(value: unknown, found: Found, depth = 0): void {
  if (depth > 8) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, found, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  if (isGame(value)) {
    found.games.push(value);
    return;
  }
  if (isArticle(value)) found.articles.push(value);
  if (isEpisode(value)) found.episodes.push(value);
  if (isMessage(value)) found.messages.push(value);
  if (isNotification(value)) found.notifications.push(value);
  for (const key in value) collect(value[key], found, depth + 1);
}

/**
 * The chat rule: a message gives a hidden result away when it was written after a hidden game started
 * (`hiddenSince`, ms; undefined: no game is hidden) and reads like a result (`givesResultAway`: a score
 * such as "24-17", "beat", "won the series"...). Any channel: the score of a shielded game is a spoiler
 * wherever it is typed, and the rules lean towards blurring.
 *
 * @example
 * ```ts
 * chatMessageGivesResultAway('Pack win 24-17!!', Date.parse('2026-11-20T20:00Z'), Date.parse('2026-11-20T17:00Z')); // true
 * ```
 */
export function chatMessageGivesResultAway(
  content: string,
  writtenAt: number,
  hiddenSince: number | undefined,
): boolean {
  if (hiddenSince === undefined || !(writtenAt >= hiddenSince)) return false;
  return givesResultAway(content).spoiler;
}

/** The teams member `userId` has a shield on for (and still follows). */
async function shieldedTeams(db: Database, userId: number): Promise<Set<number>> {
  const { rows } = await db.query<{ team_id: number }>(
    `SELECT s.team_id FROM spoiler_shields s
       JOIN following_teams f ON f.user_id = s.user_id AND f.team_id = s.team_id
      WHERE s.user_id = $1 AND s."on"`,
    [userId],
  );
  return new Set(rows.map((row) => Number(row.team_id)));
}

/** Days back a hidden game is looked for when marking headlines (the games boxes show a week). */
const HEADLINE_LOOKBACK_DAYS = 14;

/** The earliest start of a hidden game, per shielded team, for the headlines' rule. */
async function hiddenSinceByTeam(
  db: Database,
  userId: number,
  teams: readonly number[],
  now: Date,
): Promise<Map<number, number>> {
  const { rows } = await db.query<{ home_team_id: number; away_team_id: number; starts_at: Date | string }>(
    `SELECT g.home_team_id, g.away_team_id, g.starts_at FROM games g
      WHERE (g.home_team_id = ANY($2::int[]) OR g.away_team_id = ANY($2::int[]))
        AND g.starts_at <= $3::timestamptz AND g.starts_at >= $3::timestamptz - make_interval(days => $4)
        AND ${hiddenGameCondition('g', '$1', '$3')}`,
    [userId, [...teams], now.toISOString(), HEADLINE_LOOKBACK_DAYS],
  );
  const since = new Map<number, number>();
  for (const row of rows) {
    const start = new Date(row.starts_at).getTime();
    for (const team of [Number(row.home_team_id), Number(row.away_team_id)]) {
      if (!teams.includes(team)) continue;
      since.set(team, Math.min(since.get(team) ?? Number.POSITIVE_INFINITY, start));
    }
  }
  return since;
}

/**
 * Marks `payload` for member `userId` at `now`: answers a marked copy, or `payload` itself when nothing
 * in it is hidden.
 */
export async function shieldAnswer<T>(db: Database, userId: number, payload: T, now: Date): Promise<T> {
  // The walk is cheaper than the read: answers with nothing to mark (the session, settings) skip both.
  const seen: Found = { games: [], articles: [], episodes: [], messages: [], notifications: [] };
  collect(payload, seen);
  const count =
    seen.games.length +
    seen.articles.length +
    seen.episodes.length +
    seen.messages.length +
    seen.notifications.length;
  if (count === 0) return payload;
  const teams = await shieldedTeams(db, userId);
  if (teams.size === 0) return payload;
  const copy = structuredClone(payload);
  const marked: Found = { games: [], articles: [], episodes: [], messages: [], notifications: [] };
  collect(copy, marked);
  const { games, articles, episodes, messages, notifications } = marked;

  const hidden = await hiddenGameIds(
    db,
    userId,
    games.map((game) => game.id),
    now,
  );
  for (const game of games) {
    if (!hidden.has(game.id)) continue;
    game.home.score = null;
    game.home.win = null;
    game.away.score = null;
    game.away.win = null;
    game.recap = null;
    game.resultHidden = true;
  }

  // Grouped sub-articles are collected too (the walk goes through every key).
  const candidates = articles.filter((article) => article.teams.some((team) => teams.has(team.id)));
  const written = messages.filter((message) => message.deletedAt === null && message.createdAt !== undefined);
  if (candidates.length > 0 || episodes.length > 0 || written.length > 0 || notifications.length > 0) {
    const since = await hiddenSinceByTeam(db, userId, [...teams], now);
    const earliest = since.size > 0 ? Math.min(...since.values()) : undefined;
    // Checked messages say so either way: a live message (pushed to every reader, unmarked) is judged
    // by the client's own rule until the next read (core `chatMessageHidden`).
    for (const message of written) {
      message.spoiler = chatMessageGivesResultAway(
        message.content,
        Date.parse(message.createdAt ?? ''),
        earliest,
      );
    }
    // A notification quotes a chat message or names an article or an episode: the chat rule, on each.
    for (const notification of notifications) {
      const at = Date.parse(notification.createdAt);
      const texts = [
        notification.message?.content,
        notification.article?.title,
        notification.episode?.title,
      ].filter((text): text is string => typeof text === 'string');
      if (texts.some((text) => chatMessageGivesResultAway(text, at, earliest))) notification.spoiler = true;
    }
    for (const article of candidates) {
      const published = Date.parse(article.spyderDate);
      const afterHiddenStart = article.teams.some((team) => (since.get(team.id) ?? Number.NaN) <= published);
      if (afterHiddenStart && givesResultAway(article.title, article.summary ?? undefined).spoiler) {
        article.spoiler = true;
      }
    }
    await markEpisodes(db, episodes, since);
  }
  return copy;
}

/**
 * Adds the hook to the API scope.
 *
 * @example
 * ```ts
 * registerShieldAnswers(api, { db, config });
 * ```
 */
export function registerShieldAnswers(
  api: FastifyInstance,
  opts: { db: Database; config: Pick<ServerConfig, 'production'>; now?: () => Date },
): void {
  const now = opts.now ?? (() => new Date());
  api.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || !isObject(payload)) return payload;
    const userId = await currentUserId(request, opts.db, opts.config);
    if (userId === null) return payload;
    return shieldAnswer(opts.db, userId, payload, now());
  });
}

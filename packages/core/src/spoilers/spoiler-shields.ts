/**
 * The spoiler shield in core (issue 49): the member's shields per followed team
 * (`GET/PUT api/v1/profile/spoiler_shields`), revealing a game
 * (`POST api/v1/profile/spoiler_shields/reveals`), and the words and choices the screens show. The server
 * decides what is hidden (answers carry no score for a hidden game, and mark headlines that give a result
 * away); a change here drops the cached answers that carry games or headlines, so they are read again.
 * @module
 */
import type { Game, SpoilerRevealResponse, SpoilerShields, SpoilerShieldTeam } from '@sportspyder/contract';
import type { SettingsClient } from '../accounts/account-settings.js';
import { apiPath } from '../content/resource-path.js';

const SHIELDS = '/api/v1/profile/spoiler_shields';

/** The cache key of the member's shields (the bindings subscribe to it). */
export const SPOILER_SHIELDS_KEY = apiPath(SHIELDS);

/** Toast after the shields are saved. */
export const SHIELDS_UPDATED_TOAST = 'Spoiler shield updated';

/** The hide periods a member picks from, in the screens' order (`null`: until revealed). */
export const SPOILER_HIDE_CHOICES: readonly { hours: SpoilerShieldTeam['hideHours']; label: string }[] = [
  { hours: null, label: 'Until I reveal the game' },
  { hours: 12, label: '12 hours after the game ends' },
  { hours: 24, label: '24 hours after the game ends' },
  { hours: 48, label: '48 hours after the game ends' },
];

// Answers that carry games or headlines: the server marks them anew after a change.
const MARKED_PREFIXES = [
  'api/v1/teams/',
  'api/v1/sports/',
  'api/v1/search',
  'api/v1/articles',
  'api/v1/top_stories',
  'api/v1/sources/',
  'api/v1/topics/',
  'api/v1/domains/',
  'api/v1/players/',
  'api/v1/users/',
  'api/v1/profile/notifications',
  'api/v1/notifications',
];

/** Reads the answers with games or headlines again (the watched ones at once). */
async function remark(client: Pick<SettingsClient, 'cache'>): Promise<void> {
  await Promise.all(MARKED_PREFIXES.map((prefix) => client.cache.invalidate(prefix)));
}

/** `GET api/v1/profile/spoiler_shields`: one entry per followed team. */
export function readSpoilerShields(client: Pick<SettingsClient, 'api'>): Promise<SpoilerShields> {
  return client.api.get<SpoilerShields>(SPOILER_SHIELDS_KEY);
}

/** The shield of `teamId` in `shields` (off when the team is not listed). */
export function shieldOf(shields: SpoilerShields | undefined, teamId: number): SpoilerShieldTeam {
  return shields?.teams.find((team) => team.teamId === teamId) ?? { teamId, on: false, hideHours: null };
}

/**
 * `PUT api/v1/profile/spoiler_shields` for the teams given (others stay), then the toast; the cached
 * shields become the answer and the cached games and headlines are read again. Rejects with the
 * `ApiError` of a refusal (422 naming the team).
 */
export async function saveSpoilerShields(
  client: Pick<SettingsClient, 'api' | 'cache' | 'toasts'>,
  teams: readonly SpoilerShieldTeam[],
): Promise<SpoilerShields> {
  const saved = await client.api.put<SpoilerShields>(
    SPOILER_SHIELDS_KEY,
    { teams },
    { handleNotFound: false },
  );
  client.cache.set(SPOILER_SHIELDS_KEY, saved);
  client.toasts.show(SHIELDS_UPDATED_TOAST, 'success');
  await remark(client);
  return saved;
}

/** `POST api/v1/profile/spoiler_shields/reveals`: shows one game's result, then reads the games again. */
export async function revealGame(
  client: Pick<SettingsClient, 'api' | 'cache'>,
  gameId: number,
): Promise<SpoilerRevealResponse> {
  const answer = await client.api.post<SpoilerRevealResponse>(apiPath(`${SHIELDS}/reveals`), { gameId });
  await remark(client);
  return answer;
}

/**
 * A game pushed over `GamesChannel` (the same for every reader, scores included) as a shielded member's
 * page shows it: hidden while the page's copy from the server was hidden, or when it has just started
 * and one of its teams is in `shieldedSlugs` (the page read it before the start, so the server could not
 * mark it yet). The next read of the games box is marked by the server again.
 */
export function shieldPushedGame<G extends Pick<Game, 'status' | 'home' | 'away' | 'recap' | 'resultHidden'>>(
  game: G,
  context: { known: Pick<Game, 'status' | 'resultHidden'> | undefined; shieldedSlugs?: ReadonlySet<string> },
): G {
  const { known, shieldedSlugs } = context;
  const justStarted =
    game.status !== 'not-started' &&
    (known === undefined || known.status === 'not-started') &&
    [game.home.slug, game.away.slug].some((slug) => slug !== null && shieldedSlugs?.has(slug) === true);
  if (known?.resultHidden !== true && !justStarted) return game;
  return {
    ...game,
    recap: null,
    resultHidden: true,
    home: { ...game.home, score: null, win: null },
    away: { ...game.away, score: null, win: null },
  };
}

// A score as fans type it: "24-17", "3 - 2", "101–99" (not a time "7:30", not a date "2026-12-03").
const CHAT_SCORE = /(?<![\d-])\d{1,3}\s?[-–]\s?\d{1,3}(?![\d-])/;

/**
 * The chat rule for messages the server has not judged (`message.spoiler` absent: pushed live to every
 * reader): while the member's shield is on, a message that names a score is blurred until revealed. The
 * server judges every message it answers with the full classifier (`givesResultAway`), so this stopgap only
 * covers the time until the next read.
 *
 * @example
 * ```ts
 * chatMessageHidden({ content: 'Pack win 24-17!' }, true); // true
 * chatMessageHidden({ content: 'Kickoff at 7:30' }, true); // false
 * ```
 */
export function chatMessageHidden(
  message: { content: string; spoiler?: boolean },
  shieldOn: boolean,
): boolean {
  if (!shieldOn) return false;
  return message.spoiler ?? CHAT_SCORE.test(message.content);
}

/**
 * The member's fantasy teams as the settings screens run them (spec 3 "Fantasy" §2, §4, §7): the
 * list and each team live in the client's resource cache under `api/v1/profile/fantasy_teams`, so
 * the list page, the edit page and the profile share one copy. Adding or removing a player refreshes
 * the team and the list (spec 3 §4); creating, renaming or deleting a team also refetches the session,
 * whose `fantasyTeams` fill the Fantasy menu and the profile. Refusals reject with the `ApiError`
 * (422 naming the field) for the form's error box.
 * @module
 */
import type {
  FantasyTeam,
  FantasyTeamCreateResponse,
  FantasyTeamList,
  FantasyTeamResponse,
  PlayerSearchList,
  RosterEntry,
  RosterEntryResponse,
} from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';
import {
  FANTASY_SEARCH_PER_PAGE,
  fantasyTeamCreatedToast,
  fantasyTeamDeletedToast,
  fantasyTeamRenamedToast,
} from './fantasy-texts.js';

/** The part of the client the fantasy calls use. */
export type FantasyClient = Pick<SportSpyderClient, 'api' | 'cache' | 'session' | 'toasts' | 'fetchResource'>;

const TEAMS = '/api/v1/profile/fantasy_teams';
const TEAM = '/api/v1/profile/fantasy_teams/:id';
const ROSTERS = '/api/v1/profile/fantasy_teams/:fantasyTeamId/rosters';
const ROSTER = '/api/v1/profile/fantasy_teams/:fantasyTeamId/rosters/:id';
const PUBLIC_TEAM = '/api/v1/fantasy_teams/:id';
const PLAYER_SEARCH = '/api/v1/search/fantasy_players';

/** The cache key of the member's fantasy team list (also the prefix of every team's key). */
export const FANTASY_TEAMS_KEY = apiPath(TEAMS);

/** The cache key of one of the member's fantasy teams. */
export function fantasyTeamKey(id: number): string {
  return apiPath(TEAM, { id });
}

/** `GET api/v1/profile/fantasy_teams` (uncached: the fetcher of {@link FANTASY_TEAMS_KEY}). */
export function fetchMyFantasyTeams(client: Pick<FantasyClient, 'api'>): Promise<FantasyTeamList> {
  return client.api.get<FantasyTeamList>(FANTASY_TEAMS_KEY);
}

/**
 * `GET api/v1/profile/fantasy_teams/:id` (uncached: the fetcher of {@link fantasyTeamKey}); an
 * unknown id, or another member's, goes to the not-found page.
 */
export function fetchMyFantasyTeam(
  client: Pick<FantasyClient, 'api'>,
  id: number,
): Promise<FantasyTeamResponse> {
  return client.api.get<FantasyTeamResponse>(fantasyTeamKey(id));
}

/** The member's teams with their rosters, through the cache. */
export function listMyFantasyTeams(client: FantasyClient): Promise<FantasyTeamList> {
  return client.cache.query(FANTASY_TEAMS_KEY, () => fetchMyFantasyTeams(client));
}

/** One of the member's teams, through the cache. */
export function getMyFantasyTeam(client: FantasyClient, id: number): Promise<FantasyTeamResponse> {
  return client.cache.query(fantasyTeamKey(id), () => fetchMyFantasyTeam(client, id));
}

/** Refetches what shows a team: the member's list and teams, and the team's public news page. */
async function refreshTeam(client: FantasyClient, id: number): Promise<void> {
  await Promise.all([
    client.cache.invalidate(FANTASY_TEAMS_KEY),
    client.cache.invalidate(apiPath(PUBLIC_TEAM, { id })),
  ]);
}

async function refetchSession(client: FantasyClient): Promise<void> {
  await client.session.refetch().catch(() => undefined);
}

/**
 * `POST api/v1/profile/fantasy_teams`: creates the team (`fantasyTeams[0]` of the answer), shows
 * "Created {team} successfully. Now let's add players!", refreshes the list and the session.
 */
export async function createFantasyTeam(
  client: FantasyClient,
  input: { name: string; sportId: number },
): Promise<FantasyTeam> {
  const { fantasyTeams } = await client.api.post<FantasyTeamCreateResponse>(
    apiPath(TEAMS),
    { name: input.name.trim(), sportId: input.sportId },
    { handleNotFound: false },
  );
  const team = fantasyTeams[0] as FantasyTeam;
  client.toasts.show(fantasyTeamCreatedToast(team.name), 'success');
  await Promise.all([client.cache.invalidate(FANTASY_TEAMS_KEY), refetchSession(client)]);
  // The edit page opens next: it shows the new team at once (set after the invalidation, which
  // drops entries nobody watches).
  client.cache.set<FantasyTeamResponse>(fantasyTeamKey(team.id), { fantasyTeam: team });
  return team;
}

/** `PUT api/v1/profile/fantasy_teams/:id`: renames the team; shows the toast, refreshes what shows it. */
export async function renameFantasyTeam(
  client: FantasyClient,
  id: number,
  name: string,
): Promise<FantasyTeam> {
  const { fantasyTeam } = await client.api.put<FantasyTeamResponse>(
    apiPath(TEAM, { id }),
    { name: name.trim() },
    { handleNotFound: false },
  );
  client.toasts.show(fantasyTeamRenamedToast(fantasyTeam.name), 'success');
  await Promise.all([refreshTeam(client, id), refetchSession(client)]);
  return fantasyTeam;
}

/**
 * `DELETE api/v1/profile/fantasy_teams/:id`: deletes the team; shows 'Successfully deleted "{name}"'.
 * The team's own entry is left alone (refetching it would answer 404 and open the not-found page
 * while the edit page is still showing); the list drops it at once.
 */
export async function deleteFantasyTeam(client: FantasyClient, id: number): Promise<FantasyTeam> {
  const { fantasyTeam } = await client.api.delete<FantasyTeamResponse>(apiPath(TEAM, { id }), undefined, {
    handleNotFound: false,
  });
  const list = client.cache.getSnapshot<FantasyTeamList>(FANTASY_TEAMS_KEY).data;
  if (list) {
    const fantasyTeams = list.fantasyTeams.filter((team) => team.id !== id);
    client.cache.set<FantasyTeamList>(FANTASY_TEAMS_KEY, {
      fantasyTeams,
      meta: { pagination: { ...list.meta.pagination, totalCount: fantasyTeams.length } },
    });
  }
  client.toasts.show(fantasyTeamDeletedToast(fantasyTeam.name), 'success');
  await Promise.all([client.cache.invalidate(apiPath(PUBLIC_TEAM, { id })), refetchSession(client)]);
  return fantasyTeam;
}

/**
 * `POST api/v1/profile/fantasy_teams/:fantasyTeamId/rosters`: adds a player (at their own position
 * unless one is given), then refreshes the team and the list (spec 3 §4). A player of another sport
 * or one already on the team rejects with the server's 422.
 */
export async function addFantasyPlayer(
  client: FantasyClient,
  fantasyTeamId: number,
  input: { playerId: number; positionId?: number | null },
): Promise<RosterEntry> {
  const { roster } = await client.api.post<RosterEntryResponse>(
    apiPath(ROSTERS, { fantasyTeamId }),
    { playerId: input.playerId, ...(input.positionId == null ? {} : { positionId: input.positionId }) },
    { handleNotFound: false },
  );
  await refreshTeam(client, fantasyTeamId);
  return roster;
}

/** `DELETE api/v1/profile/fantasy_teams/:fantasyTeamId/rosters/:id`; refreshes the team and the list. */
export async function removeFantasyPlayer(
  client: FantasyClient,
  fantasyTeamId: number,
  rosterId: number,
): Promise<RosterEntry> {
  const { roster } = await client.api.delete<RosterEntryResponse>(
    apiPath(ROSTER, { fantasyTeamId, id: rosterId }),
    undefined,
    { handleNotFound: false },
  );
  await refreshTeam(client, fantasyTeamId);
  return roster;
}

/** The player search's filters; a missing team or position is 'All'. */
export interface FantasyPlayerSearch {
  /** The team's sport (1 MLB, 2 NFL, 3 NBA, 4 NHL). */
  sportId: number;
  /** Text to match in player names. */
  q?: string | undefined;
  /** A team of the sport, or null for All. */
  teamId?: number | null | undefined;
  /** A position of the sport, or null for All. */
  positionId?: number | null | undefined;
  /** Result page, from 1. */
  page?: number | undefined;
}

/** `GET api/v1/search/fantasy_players` (spec 3 §7): players of the team's sport by name, team and position. */
export function searchFantasyPlayers(
  client: FantasyClient,
  search: FantasyPlayerSearch,
): Promise<PlayerSearchList> {
  const q = search.q?.trim();
  return client.fetchResource<PlayerSearchList>(apiPath(PLAYER_SEARCH), {
    sportId: search.sportId,
    perPage: FANTASY_SEARCH_PER_PAGE,
    ...(q ? { q } : {}),
    ...(search.teamId ? { teamId: search.teamId } : {}),
    ...(search.positionId ? { positionId: search.positionId } : {}),
    ...(search.page && search.page > 1 ? { page: search.page } : {}),
  });
}

/** The roster entry of `playerId` on `team`, if the player is on it (the search's add or remove). */
export function rosterEntryOf(
  team: Pick<FantasyTeam, 'rosters'> | null | undefined,
  playerId: number,
): RosterEntry | undefined {
  return team?.rosters.find((entry) => entry.playerId === playerId);
}

/**
 * The member's fantasy teams as React state (spec 3 "Fantasy"): the list and one team, read through
 * the client's resource cache under the keys core's fantasy calls refresh, so adding or removing a
 * player updates every screen showing the team or the list.
 * @module
 */
import type { FantasyTeamList, FantasyTeamResponse } from '@sportspyder/contract';
import {
  FANTASY_TEAMS_KEY,
  fantasyTeamKey,
  fetchMyFantasyTeam,
  fetchMyFantasyTeams,
  type ResourceSnapshot,
} from '@sportspyder/core';
import { useClient } from './useClient.js';
import { type UseResourceOptions, useResource } from './useResource.js';

/**
 * The signed-in member's fantasy teams with their rosters.
 *
 * @example
 * ```tsx
 * const teams = useFantasyTeams();
 * if (teams.data?.fantasyTeams.length === 0) return <p>No teams yet</p>;
 * ```
 */
export function useFantasyTeams(options: UseResourceOptions = {}): ResourceSnapshot<FantasyTeamList> {
  const client = useClient();
  return useResource(FANTASY_TEAMS_KEY, () => fetchMyFantasyTeams(client), options);
}

/**
 * One of the member's fantasy teams with its roster (an unknown id opens the not-found page).
 *
 * @example
 * ```tsx
 * const team = useFantasyTeam(12);
 * return <h1>{team.data?.fantasyTeam.name}</h1>;
 * ```
 */
export function useFantasyTeam(
  id: number,
  options: UseResourceOptions = {},
): ResourceSnapshot<FantasyTeamResponse> {
  const client = useClient();
  return useResource(fantasyTeamKey(id), () => fetchMyFantasyTeam(client, id), options);
}

/**
 * The member's followed teams resolved against the precached teams, in the member's order.
 * @module
 */
import type { Team, User } from '@sportspyder/contract';

/** The teams a member follows, in the order of `user.followingTeams`; unknown ids are skipped. */
export function followedTeams(
  user: Pick<User, 'followingTeams'> | null,
  teamsBySlug: Record<string, Team>,
): Team[] {
  if (!user || user.followingTeams.length === 0) return [];
  const byId = new Map<number, Team>();
  for (const team of Object.values(teamsBySlug)) byId.set(team.id, team);
  const teams: Team[] = [];
  for (const follow of user.followingTeams) {
    const team = byId.get(follow.teamId);
    if (team) teams.push(team);
  }
  return teams;
}

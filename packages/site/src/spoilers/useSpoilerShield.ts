/**
 * The spoiler shield as the site's pages use it (issue 49): the member's shields, the slugs of the
 * shielded teams (for live game pushes), and the two actions with the site's own cache keys read again
 * (`site/...` keys hold the pages' copies of the answers the server marks).
 * @module
 */
import type { SpoilerShields, SpoilerShieldTeam } from '@sportspyder/contract';
import { revealGame, saveSpoilerShields } from '@sportspyder/core';
import { useClient, useReference, useSession, useSpoilerShields } from '@sportspyder/react';
import { useCallback, useMemo } from 'react';

/** What {@link useSpoilerShield} answers. */
export interface SpoilerShieldState {
  /** The member's shields (undefined while loading or signed out). */
  shields: SpoilerShields | undefined;
  /** Slugs of the teams whose shield is on. */
  shieldedSlugs: ReadonlySet<string>;
  /** Reveals a game's result, then the pages read their games and headlines again. */
  reveal: (gameId: number) => Promise<void>;
  /** Saves shields (with the toast), then the pages read their games and headlines again. */
  save: (teams: readonly SpoilerShieldTeam[]) => Promise<SpoilerShields>;
}

/** The signed-in member's spoiler shield; nothing is read for a visitor. */
export function useSpoilerShield(): SpoilerShieldState {
  const client = useClient();
  const { loggedIn } = useSession();
  const { teamsBySlug } = useReference();
  const shields = useSpoilerShields({ enabled: loggedIn }).data;
  const shieldedSlugs = useMemo(() => {
    const on = new Set((shields?.teams ?? []).filter((team) => team.on).map((team) => team.teamId));
    return new Set(
      Object.values(teamsBySlug)
        .filter((team) => on.has(team.id))
        .map((team) => team.slug),
    );
  }, [shields, teamsBySlug]);
  const reveal = useCallback(
    async (gameId: number) => {
      await revealGame(client, gameId);
      await client.cache.invalidate('site/');
    },
    [client],
  );
  const save = useCallback(
    async (teams: readonly SpoilerShieldTeam[]) => {
      const saved = await saveSpoilerShields(client, teams);
      await client.cache.invalidate('site/');
      return saved;
    },
    [client],
  );
  return { shields, shieldedSlugs, reveal, save };
}

/** Whether the signed-in member has a spoiler shield on for any team (chat's live rule needs no more). */
export function useShieldOn(): boolean {
  const { loggedIn } = useSession();
  const shields = useSpoilerShields({ enabled: loggedIn }).data;
  return shields?.teams.some((team) => team.on) ?? false;
}

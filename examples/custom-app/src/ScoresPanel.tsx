// Scores and upcoming games, in the games box of @sportspyder/react (it pages through them).
import { listTeamGames } from '@sportspyder/core';
import { GamesList, useClient, useResource } from '@sportspyder/react';

export function ScoresPanel({ teamSlug }: { teamSlug: string }) {
  const client = useClient();
  const games = useResource({ path: 'dashboard/games', params: { team: teamSlug } }, () =>
    listTeamGames(client, { teamId: teamSlug }),
  );
  return (
    <section className="panel" aria-labelledby="scores-heading">
      <h2 id="scores-heading">Games</h2>
      {games.status === 'error' && <p role="alert">The games could not be loaded.</p>}
      {games.data && <GamesList games={games.data.games} medium />}
    </section>
  );
}

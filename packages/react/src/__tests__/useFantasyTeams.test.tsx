// The fantasy hooks: the list and a team on screen both show a player added through core's call
// (spec 3 §4: adding or removing a player refreshes the team and the list).
import type { FantasyTeam } from '@sportspyder/contract';
import { addFantasyPlayer, createClient, type SportSpyderClient } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { useFantasyTeam, useFantasyTeams } from '../hooks/useFantasyTeams.js';
import { SportSpyderProvider } from '../SportSpyderProvider.js';

let rosters: FantasyTeam['rosters'] = [];
const team = (): FantasyTeam => ({
  id: 7,
  name: 'Sunday Squad',
  fullName: 'Sunday Squad',
  logo: null,
  meta: null,
  count: 0,
  sportId: 2,
  sportSlug: 'nfl',
  sport: 'NFL',
  user: { id: 1, username: 'demo' },
  rosters,
});
const server = setupServer(
  http.get('http://localhost/api/v1/profile/fantasy_teams', () =>
    HttpResponse.json({
      fantasyTeams: [team()],
      meta: { pagination: { page: 1, perPage: 1, totalPages: 1, totalCount: 1 } },
    }),
  ),
  http.get('http://localhost/api/v1/profile/fantasy_teams/7', () =>
    HttpResponse.json({ fantasyTeam: team() }),
  ),
  http.post('http://localhost/api/v1/profile/fantasy_teams/7/rosters', () => {
    rosters = [
      { id: 70, playerId: 100, name: 'Parker Passer', position: 'QB', fantasyTeamId: 7, positionId: 3 },
    ];
    return HttpResponse.json({ roster: rosters[0] }, { status: 201 });
  }),
  http.get('http://localhost/api/v1/fantasy_teams/7', () => HttpResponse.json({ fantasyTeam: team() })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => cleanup());
afterAll(() => server.close());

function Counts() {
  const list = useFantasyTeams();
  const one = useFantasyTeam(7);
  const listed = list.data?.fantasyTeams[0]?.rosters.length ?? '-';
  const roster = one.data?.fantasyTeam.rosters.map((r) => r.name).join(', ') || 'none';
  return (
    <p>
      list {listed} / team {roster}
    </p>
  );
}

it('shows a player added through core in the list and the team', async () => {
  const client: SportSpyderClient = createClient({
    baseUrl: 'http://localhost',
    storage: memoryStorage(),
    realtime: createFakeCable(),
  });
  render(
    <SportSpyderProvider client={client}>
      <Counts />
    </SportSpyderProvider>,
  );
  await waitFor(() => expect(screen.getByText('list 0 / team none')).toBeTruthy());
  await act(async () => {
    await addFantasyPlayer(client, 7, { playerId: 100 });
  });
  expect(screen.getByText('list 1 / team Parker Passer')).toBeTruthy();
});

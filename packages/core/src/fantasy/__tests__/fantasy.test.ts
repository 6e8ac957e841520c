// Core fantasy teams: creating shows the spec's toast and puts the team in the cache and the session's
// menu; adding or removing a player refreshes the team and the list; deleting names the team in the
// toast without refetching the deleted team (which would open the not-found page); the player search's
// query (All = no filter); refusals reach the form as field errors.
import type { FantasyTeam } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, makeClient, makeUser, server, signedIn } from '../../__tests__/fixtures.js';
import { formErrors } from '../../accounts/account-texts.js';
import {
  addFantasyPlayer,
  createFantasyTeam,
  deleteFantasyTeam,
  FANTASY_TEAMS_KEY,
  fantasyTeamKey,
  getMyFantasyTeam,
  listMyFantasyTeams,
  removeFantasyPlayer,
  renameFantasyTeam,
  rosterEntryOf,
  searchFantasyPlayers,
} from '../fantasy-resources.js';
import {
  DEFAULT_FANTASY_SPORT_ID,
  FANTASY_SPORTS,
  fantasySportLabel,
  playersFoundText,
} from '../fantasy-texts.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function team(overrides: Partial<FantasyTeam> = {}): FantasyTeam {
  return {
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
    rosters: [],
    ...overrides,
  };
}
const entry = (id: number, playerId: number, name: string) => ({
  id,
  playerId,
  name,
  position: 'QB',
  fantasyTeamId: 7,
  positionId: 3,
});
const list = (teams: FantasyTeam[]) => ({
  fantasyTeams: teams,
  meta: { pagination: { page: 1, perPage: 1, totalPages: 1, totalCount: teams.length } },
});
const toastTexts = (client: ReturnType<typeof makeClient>['client']) =>
  client.toasts.getSnapshot().map((t) => t.text);

describe('the sports and texts', () => {
  it('offers MLB=1 NFL=2 NBA=3 NHL=4 with MLB chosen first', () => {
    expect(FANTASY_SPORTS.map((s) => [s.id, s.label])).toEqual([
      [1, 'MLB'],
      [2, 'NFL'],
      [3, 'NBA'],
      [4, 'NHL'],
    ]);
    expect(DEFAULT_FANTASY_SPORT_ID).toBe(1);
    expect(fantasySportLabel(4)).toBe('NHL');
    expect(playersFoundText(12)).toBe('12 players found');
    expect(playersFoundText(0)).toBe('0 players found');
  });
});

describe('createFantasyTeam', () => {
  it("posts the trimmed name and sport, shows the spec's toast, caches the team and refreshes the menu", async () => {
    let body: unknown;
    let created = false;
    server.use(
      http.post(api('profile/fantasy_teams'), async ({ request }) => {
        body = await request.json();
        created = true;
        return HttpResponse.json({ fantasyTeams: [team()] }, { status: 201 });
      }),
      http.get(api('session'), () =>
        HttpResponse.json(
          signedIn(
            makeUser({
              fantasyTeams: created ? [{ id: 7, name: 'Sunday Squad', sportId: 2, sportSlug: 'nfl' }] : [],
            }),
          ),
        ),
      ),
    );
    const { client } = makeClient();
    await client.session.refetch();
    const made = await createFantasyTeam(client, { name: ' Sunday Squad ', sportId: 2 });
    expect(body).toEqual({ name: 'Sunday Squad', sportId: 2 });
    expect(made.id).toBe(7);
    expect(toastTexts(client)).toContain("Created Sunday Squad successfully. Now let's add players!");
    expect(client.cache.getSnapshot(fantasyTeamKey(7)).data).toEqual({ fantasyTeam: team() });
    expect(client.session.getSnapshot().user?.fantasyTeams.map((t) => t.name)).toEqual(['Sunday Squad']);
  });

  it('rejects a blank name with the field the form marks', async () => {
    server.use(
      http.post(api('profile/fantasy_teams'), () =>
        HttpResponse.json(
          { errors: [{ field: 'name', code: 'blank', title: "Team name can't be blank" }] },
          { status: 422 },
        ),
      ),
    );
    const { client } = makeClient();
    const error = await createFantasyTeam(client, { name: '', sportId: 1 }).catch((e: unknown) => e);
    expect(formErrors(error)).toMatchObject({
      titles: ["Team name can't be blank"],
      fields: { name: { code: 'blank' } },
    });
    expect(toastTexts(client)).toEqual([]);
  });
});

describe('roster changes', () => {
  it('adding a player refreshes the team and the list that are on screen', async () => {
    let rosters: FantasyTeam['rosters'] = [];
    let posted: unknown;
    server.use(
      http.get(api('profile/fantasy_teams'), () => HttpResponse.json(list([team({ rosters })]))),
      http.get(api('profile/fantasy_teams/7'), () => HttpResponse.json({ fantasyTeam: team({ rosters }) })),
      http.post(api('profile/fantasy_teams/7/rosters'), async ({ request }) => {
        posted = await request.json();
        rosters = [entry(70, 100, 'Parker Passer')];
        return HttpResponse.json({ roster: rosters[0] }, { status: 201 });
      }),
    );
    const { client } = makeClient();
    await Promise.all([listMyFantasyTeams(client), getMyFantasyTeam(client, 7)]);
    const offList = client.cache.subscribe(FANTASY_TEAMS_KEY, () => undefined);
    const offTeam = client.cache.subscribe(fantasyTeamKey(7), () => undefined);
    await addFantasyPlayer(client, 7, { playerId: 100 });
    expect(posted).toEqual({ playerId: 100 });
    const shown = client.cache.getSnapshot<{ fantasyTeam: FantasyTeam }>(fantasyTeamKey(7)).data?.fantasyTeam;
    expect(shown?.rosters.map((r) => r.name)).toEqual(['Parker Passer']);
    const listed = client.cache.getSnapshot<ReturnType<typeof list>>(FANTASY_TEAMS_KEY).data;
    expect(listed?.fantasyTeams[0]?.rosters).toHaveLength(1);
    expect(rosterEntryOf(shown, 100)?.id).toBe(70);
    expect(rosterEntryOf(shown, 101)).toBeUndefined();

    // Removing: the same refresh, the player is gone from both.
    server.use(
      http.delete(api('profile/fantasy_teams/7/rosters/70'), () => {
        const [gone] = rosters;
        rosters = [];
        return HttpResponse.json({ roster: gone });
      }),
    );
    await removeFantasyPlayer(client, 7, 70);
    expect(
      client.cache.getSnapshot<{ fantasyTeam: FantasyTeam }>(fantasyTeamKey(7)).data?.fantasyTeam.rosters,
    ).toEqual([]);
    expect(
      client.cache.getSnapshot<ReturnType<typeof list>>(FANTASY_TEAMS_KEY).data?.fantasyTeams[0]?.rosters,
    ).toEqual([]);
    offList();
    offTeam();
  });

  it('rejects a player of another sport with the server text, leaving the roster as it was', async () => {
    const title = 'Casey Curve plays in the MLB. This team only takes NFL players.';
    server.use(
      http.post(api('profile/fantasy_teams/7/rosters'), () =>
        HttpResponse.json({ errors: [{ field: 'playerId', code: 'wrong_sport', title }] }, { status: 422 }),
      ),
    );
    const { client } = makeClient();
    const error = await addFantasyPlayer(client, 7, { playerId: 5 }).catch((e: unknown) => e);
    expect(formErrors(error).titles).toEqual([title]);
  });
});

describe('rename and delete', () => {
  it('renames with a toast; deleting names the team and drops it from the list without refetching the team', async () => {
    const teamRead = vi.fn(() => HttpResponse.json({ fantasyTeam: team() }));
    server.use(
      http.get(api('profile/fantasy_teams'), () =>
        HttpResponse.json(list([team(), team({ id: 8, name: 'Other' })])),
      ),
      http.get(api('profile/fantasy_teams/7'), teamRead),
      http.put(api('profile/fantasy_teams/7'), () =>
        HttpResponse.json({ fantasyTeam: team({ name: 'Monday Mob' }) }),
      ),
      http.delete(api('profile/fantasy_teams/7'), () =>
        HttpResponse.json({ fantasyTeam: team({ name: 'Monday Mob' }) }),
      ),
      http.get(api('session'), () => HttpResponse.json(signedIn(makeUser()))),
    );
    const { client } = makeClient();
    await Promise.all([listMyFantasyTeams(client), getMyFantasyTeam(client, 7)]);
    const offTeam = client.cache.subscribe(fantasyTeamKey(7), () => undefined);
    const offList = client.cache.subscribe(FANTASY_TEAMS_KEY, () => undefined);
    const renamed = await renameFantasyTeam(client, 7, ' Monday Mob ');
    expect(renamed.name).toBe('Monday Mob');
    expect(toastTexts(client)).toContain('Saved the new name "Monday Mob"');

    teamRead.mockClear();
    await deleteFantasyTeam(client, 7);
    expect(toastTexts(client)).toContain('Successfully deleted "Monday Mob"');
    expect(teamRead).not.toHaveBeenCalled();
    const listed = client.cache.getSnapshot<ReturnType<typeof list>>(FANTASY_TEAMS_KEY).data;
    expect(listed?.fantasyTeams.map((t) => t.id)).toEqual([8]);
    offTeam();
    offList();
  });
});

describe('searchFantasyPlayers', () => {
  it('sends the sport, the text and only the filters that are not All', async () => {
    const queries: string[] = [];
    server.use(
      http.get(api('search/fantasy_players'), ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({
          players: [{ id: 1, name: 'Parker Passer', position: { id: 3, name: 'Quarterback' } }],
          meta: { pagination: { page: 1, perPage: 25, totalPages: 1, totalCount: 1 } },
        });
      }),
    );
    const { client } = makeClient();
    const found = await searchFantasyPlayers(client, {
      sportId: 2,
      q: '  parker ',
      teamId: null,
      positionId: 3,
    });
    expect(found.players[0]?.name).toBe('Parker Passer');
    await searchFantasyPlayers(client, { sportId: 1 });
    expect(queries.map((q) => Object.fromEntries(new URLSearchParams(q)))).toEqual([
      { perPage: '25', positionId: '3', q: 'parker', sportId: '2' },
      { perPage: '25', sportId: '1' },
    ]);
  });
});

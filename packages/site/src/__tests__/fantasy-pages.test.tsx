// The fantasy team screens against a small msw backend: the list with its empty state and create
// button; the create form (hint, MLB first, a refusal in the error box with the field marked, then the
// spec's toast and the edit page); the edit page (empty roster text, the player search with its All
// filters and 'N players found', add and remove refreshing the roster, a refused player in the error
// box, rename, delete after confirmation); another member's team is the not-found page.
import type { FantasyTeam, PlayerSearchResult } from '@sportspyder/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, backend, makeUser, server, signedInSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const players: PlayerSearchResult[] = [
  { id: 100, name: 'Parker Passer', position: { id: 3, name: 'Quarterback' }, team: null },
  { id: 101, name: 'Rory Runner', position: { id: 4, name: 'Running Back' }, team: null },
];
const abbr: Record<number, string> = { 3: 'QB', 4: 'RB' };
let teams: FantasyTeam[];
let searches: Record<string, string>[];
let nextId: number;

function makeTeam(id: number, name: string, sportId = 2): FantasyTeam {
  const sport = ['', 'MLB', 'NFL', 'NBA', 'NHL'][sportId] ?? 'NFL';
  return {
    id,
    name,
    fullName: name,
    logo: null,
    meta: null,
    count: 0,
    sportId,
    sportSlug: sport.toLowerCase(),
    sport,
    user: { id: 7, username: 'demo' },
    rosters: [],
  };
}
const errors = (status: number, items: object[]) => HttpResponse.json({ errors: items }, { status });
const notFound = () => errors(404, [{ code: 'not_found', title: 'Not found' }]);
const find = (id: unknown) => teams.find((t) => t.id === Number(id));

beforeEach(() => {
  teams = [];
  searches = [];
  nextId = 1;
  backend.session = signedInSession();
  server.use(
    http.get(`${API}/api/v1/profile/fantasy_teams`, () =>
      HttpResponse.json({
        fantasyTeams: teams,
        meta: { pagination: { page: 1, perPage: 1, totalPages: 1, totalCount: teams.length } },
      }),
    ),
    http.post(`${API}/api/v1/profile/fantasy_teams`, async ({ request }) => {
      const body = (await request.json()) as { name: string; sportId: number };
      if (!body.name.trim())
        return errors(422, [{ field: 'name', code: 'blank', title: "Team name can't be blank" }]);
      const team = makeTeam(nextId++, body.name, body.sportId);
      teams.push(team);
      backend.session = signedInSession(
        makeUser({
          fantasyTeams: teams.map((t) => ({
            id: t.id,
            name: t.name,
            sportId: t.sportId,
            sportSlug: t.sportSlug,
          })),
        }),
      );
      return HttpResponse.json({ fantasyTeams: [team] }, { status: 201 });
    }),
    http.get(`${API}/api/v1/profile/fantasy_teams/:id`, ({ params }) => {
      const team = find(params.id);
      return team ? HttpResponse.json({ fantasyTeam: team }) : notFound();
    }),
    http.put(`${API}/api/v1/profile/fantasy_teams/:id`, async ({ params, request }) => {
      const team = find(params.id);
      if (!team) return notFound();
      team.name = ((await request.json()) as { name: string }).name;
      return HttpResponse.json({ fantasyTeam: team });
    }),
    http.delete(`${API}/api/v1/profile/fantasy_teams/:id`, ({ params }) => {
      const team = find(params.id);
      if (!team) return notFound();
      teams = teams.filter((t) => t !== team);
      return HttpResponse.json({ fantasyTeam: team });
    }),
    http.post(`${API}/api/v1/profile/fantasy_teams/:id/rosters`, async ({ params, request }) => {
      const team = find(params.id);
      if (!team) return notFound();
      const { playerId } = (await request.json()) as { playerId: number };
      const player = players.find((p) => p.id === playerId);
      if (!player) {
        return errors(422, [
          {
            field: 'playerId',
            code: 'wrong_sport',
            title: 'Casey Curve plays in the MLB. This team only takes NFL players.',
          },
        ]);
      }
      const entry = {
        id: 1000 + playerId,
        playerId,
        name: player.name,
        position: abbr[player.position?.id ?? 0] ?? null,
        fantasyTeamId: team.id,
        positionId: player.position?.id ?? null,
      };
      team.rosters = [...team.rosters, entry];
      return HttpResponse.json({ roster: entry }, { status: 201 });
    }),
    http.delete(`${API}/api/v1/profile/fantasy_teams/:id/rosters/:rosterId`, ({ params }) => {
      const team = find(params.id);
      const entry = team?.rosters.find((r) => r.id === Number(params.rosterId));
      if (!team || !entry) return notFound();
      team.rosters = team.rosters.filter((r) => r !== entry);
      return HttpResponse.json({ roster: entry });
    }),
    http.get(`${API}/api/v1/fantasy_teams/:id`, ({ params }) => {
      const team = find(params.id);
      return team ? HttpResponse.json({ fantasyTeam: team }) : notFound();
    }),
    http.get(`${API}/api/v1/podcast_listens`, () =>
      HttpResponse.json({
        podcastListens: [],
        meta: { pagination: { page: 1, perPage: 8, totalPages: 0, totalCount: 0 } },
      }),
    ),
    http.get(`${API}/api/v1/sports/nfl/positions`, () =>
      HttpResponse.json({
        positions: [
          { id: 3, name: 'Quarterback', abbr: 'QB', group: 'Offense' },
          { id: 4, name: 'Running Back', abbr: 'RB', group: 'Offense' },
        ],
        meta: { pagination: { page: 1, perPage: 2, totalPages: 1, totalCount: 2 } },
      }),
    ),
    http.get(`${API}/api/v1/sports/nfl/teams`, () =>
      HttpResponse.json({
        teams: [],
        meta: { pagination: { page: 1, perPage: 100, totalPages: 0, totalCount: 0 } },
      }),
    ),
    http.get(`${API}/api/v1/search/fantasy_players`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      searches.push(query);
      let found = players;
      if (query.q) found = found.filter((p) => p.name.toLowerCase().includes(query.q?.toLowerCase() ?? ''));
      if (query.positionId) found = found.filter((p) => p.position?.id === Number(query.positionId));
      // A player of another sport slips into the results, so the refusal can be seen.
      const extra = query.q === 'casey' ? [{ id: 555, name: 'Casey Curve', position: null, team: null }] : [];
      const all = [...found, ...extra];
      return HttpResponse.json({
        players: all,
        meta: { pagination: { page: 1, perPage: 25, totalPages: 1, totalCount: all.length } },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

describe('/settings/fantasy', () => {
  it('shows the empty state and the create button, then the teams with their links', async () => {
    const site = await renderSite('/settings/fantasy');
    expect(await screen.findByText("You don't have any fantasy teams yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a fantasy team' }).getAttribute('href')).toBe(
      '/settings/fantasy/new',
    );
    cleanup();

    teams = [makeTeam(4, 'Sunday Squad'), makeTeam(5, 'Diamond Dogs', 1)];
    teams[0]!.rosters = [
      { id: 1, playerId: 100, name: 'Parker Passer', position: 'QB', fantasyTeamId: 4, positionId: 3 },
    ];
    await renderSite('/settings/fantasy');
    const list = await screen.findByRole('list', { name: 'Your fantasy teams' });
    expect(within(list).getByRole('link', { name: 'Sunday Squad' }).getAttribute('href')).toBe(
      '/settings/fantasy/4/edit',
    );
    expect(within(list).getByText('NFL · 1 player')).toBeTruthy();
    expect(within(list).getByText('MLB · 0 players')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Articles about Diamond Dogs' }).getAttribute('href')).toBe(
      '/fantasy_teams/5/news',
    );
    void site;
  });
});

describe('/settings/fantasy/new', () => {
  it('shows the hint and MLB first; a blank name is in the error box and marked; then creates and opens the edit page', async () => {
    const site = await renderSite('/settings/fantasy/new');
    const name = (await screen.findByLabelText('Team name')) as HTMLInputElement;
    expect(screen.getByText('eg. My baseball team')).toBeTruthy();
    const sport = screen.getByLabelText('Sport') as HTMLSelectElement;
    expect(sport.value).toBe('1');
    expect([...sport.options].map((o) => `${o.value} ${o.text}`)).toEqual([
      '1 MLB',
      '2 NFL',
      '3 NBA',
      '4 NHL',
    ]);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    });
    const box = await screen.findByRole('alert');
    expect(box.textContent).toBe(
      "The following problems were encountered:Team name can't be blankPlease correct the above issues and try again.",
    );
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(name, { target: { value: 'Sunday Squad' } });
    fireEvent.change(sport, { target: { value: '2' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    });
    await waitFor(() => expect(site.path()).toBe('/settings/fantasy/1/edit'));
    expect(await screen.findByText("Created Sunday Squad successfully. Now let's add players!")).toBeTruthy();
    expect(teams[0]).toMatchObject({ name: 'Sunday Squad', sportId: 2 });
    expect(await screen.findByText("This team doesn't have any players yet.")).toBeTruthy();
    // The session's menu knows the new team.
    expect(site.client.session.getSnapshot().user?.fantasyTeams.map((t) => t.name)).toEqual(['Sunday Squad']);
  });
});

describe('/settings/fantasy/:id/edit', () => {
  it('adds players from the search, shows them with positions, removes one, and refuses another sport', async () => {
    teams = [makeTeam(4, 'Sunday Squad')];
    await renderSite('/settings/fantasy/4/edit');
    expect(await screen.findByText("This team doesn't have any players yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Articles' }).getAttribute('href')).toBe('/fantasy_teams/4/news');
    fireEvent.click(screen.getByRole('button', { name: 'Find players to add' }));

    expect(await screen.findByText('2 players found')).toBeTruthy();
    expect((screen.getByLabelText('Team') as HTMLSelectElement).selectedOptions[0]?.text).toBe('All');
    const position = screen.getByLabelText('Position') as HTMLSelectElement;
    expect(position.selectedOptions[0]?.text).toBe('All');
    await waitFor(() => expect(position.options.length).toBe(3));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add Parker Passer' }));
    });
    expect(await screen.findByRole('button', { name: 'Remove Parker Passer' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add Rory Runner' }));
    });
    expect(await screen.findByRole('button', { name: 'Remove Rory Runner' })).toBeTruthy();

    // Filters: position and text, sent with Search.
    fireEvent.change(position, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Player name'), { target: { value: 'parker' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    expect(await screen.findByText('1 player found')).toBeTruthy();
    expect(searches.at(-1)).toEqual({ sportId: '2', perPage: '25', q: 'parker', positionId: '3' });

    // Another sport's player: the server's refusal in the error box.
    fireEvent.change(position, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Player name'), { target: { value: 'casey' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Add Casey Curve' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Casey Curve plays in the MLB. This team only takes NFL players.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    const roster = await screen.findByRole('list', { name: 'Players of Sunday Squad' });
    expect(
      within(roster)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['QBParker PasserRemove', 'RBRory RunnerRemove']);
    await act(async () => {
      fireEvent.click(within(roster).getByRole('button', { name: 'Remove Parker Passer' }));
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Players of Sunday Squad' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(teams[0]?.rosters.map((r) => r.name)).toEqual(['Rory Runner']);
    expect(screen.getByRole('button', { name: 'Find more players' })).toBeTruthy();
  });

  it('renames, then deletes after confirmation with the toast, back to the list', async () => {
    teams = [makeTeam(4, 'Sunday Squad'), makeTeam(5, 'Other')];
    const site = await renderSite('/settings/fantasy/4/edit');
    const name = (await screen.findByLabelText('Team name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Monday Mob' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Monday Mob' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete team' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete Monday Mob and its roster?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(teams).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Delete team' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    });
    await waitFor(() => expect(site.path()).toBe('/settings/fantasy'));
    expect(await screen.findByText('Successfully deleted "Monday Mob"')).toBeTruthy();
    expect(teams.map((t) => t.id)).toEqual([5]);
    const list = await screen.findByRole('list', { name: 'Your fantasy teams' });
    expect(within(list).queryByText('Monday Mob')).toBeNull();
  });

  it("is the not-found page for a team that is not the member's", async () => {
    const site = await renderSite('/settings/fantasy/99/edit');
    await waitFor(() => expect(site.path()).toBe('/page-not-found'));
  });
});

describe('/profile', () => {
  it("lists the member's fantasy teams with their news pages and a link to manage them", async () => {
    backend.session = signedInSession(
      makeUser({ fantasyTeams: [{ id: 4, name: 'Sunday Squad', sportId: 2, sportSlug: 'nfl' }] }),
    );
    await renderSite('/profile');
    const section = (await screen.findByRole('heading', { name: 'Fantasy Teams' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getByRole('link', { name: 'Sunday Squad' }).getAttribute('href')).toBe(
      '/fantasy_teams/4/news',
    );
    expect(within(section).getByRole('link', { name: 'Edit fantasy teams' }).getAttribute('href')).toBe(
      '/settings/fantasy',
    );
  });

  it('says "You\'re not following any teams yet" (spec 3 §8) when the member follows none', async () => {
    backend.session = signedInSession(makeUser({ followingTeams: [] }));
    await renderSite('/profile');
    const section = (await screen.findByRole('heading', { name: 'Following' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getByText(/^You're not following any teams yet/)).toBeTruthy();
  });

  it('offers to create one when there is none', async () => {
    await renderSite('/profile');
    const section = (await screen.findByRole('heading', { name: 'Fantasy Teams' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getByText(/You don't have any fantasy teams yet/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Create a fantasy team' }).getAttribute('href')).toBe(
      '/settings/fantasy/new',
    );
  });
});

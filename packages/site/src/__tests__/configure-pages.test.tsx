// The member's feed settings (spec 2 §4, spec 3 §2): the Configure screen (hidden sources and
// podcasts, "Add to feed" → "added" → "Hide again", Hide, the remembered how-to tip, the team picker,
// the empty state) and the followed teams screen (reorder by buttons and by drag with faveIds,
// remove after a confirmation).
import type { CustomFeed, Source } from '@sportspyder/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API,
  backend,
  lakers,
  makeUser,
  packers,
  raiders,
  server,
  signedInSession,
  signedOutSession,
} from './fixtures.js';
import { renderSite } from './renderSite.js';

const P = `${API}/api/v1/profile`;

const page = <T,>(key: string, items: T[]) => ({
  [key]: items,
  meta: { pagination: { page: 1, perPage: 100, totalPages: 1, totalCount: items.length } },
});

const domain = (id: number, label: string) => ({
  id,
  name: `${label.toLowerCase().replace(/\s+/g, '')}.example`,
  favicon: null,
  description: null,
  isYoutube: false,
  label,
});

function makeSource(id: number, label: string): Source {
  return {
    id,
    description: null,
    dailyVolume: 2,
    articlesCount: 10,
    domain: domain(id, label),
    lastArticle: null,
    teams: [],
    following: false,
    egg: { id },
  };
}

const teamRef = (team: typeof packers, selected: boolean) => ({
  id: team.id,
  slug: team.slug,
  sportSlug: team.sportSlug,
  name: team.name,
  fullName: team.fullName,
  shortName: team.shortName,
  logo: team.logo,
  selected,
});

/** A fake member backend of hides: the set of hidden source (egg) ids of the Packers. */
function hidesBackend(initial: number[]) {
  const hidden = new Set(initial);
  const calls: string[] = [];
  const sources = [makeSource(31, 'Cheesehead Chronicle'), makeSource(32, 'Gridiron Wire')];
  const feed = (): CustomFeed => ({
    id: packers.slug,
    teams: [teamRef(packers, true), teamRef(lakers, false)],
    hiddenSources: sources
      .filter((s) => hidden.has(s.id))
      .map((s) => ({ teamId: packers.id, eggId: s.id, volume: 2, domain: s.domain, egg: { id: s.id } })),
    hiddenTweeters: [],
    hiddenPodcasts: [],
  });
  server.use(
    http.get(`${P}/custom_feeds/:id`, ({ request }) => {
      calls.push(`GET feed ${new URL(request.url).searchParams.get('type')}`);
      return HttpResponse.json({ customFeed: feed() });
    }),
    http.get(`${API}/api/v1/teams/green-bay-packers/sources`, ({ request }) => {
      expect(new URL(request.url).searchParams.get('full')).toBe('true');
      return HttpResponse.json(page('sources', sources));
    }),
    http.post(`${P}/hidden_sources`, async ({ request }) => {
      const body = (await request.json()) as { hiddenSource: { eggId: number; teamId: number } };
      calls.push(`hide ${body.hiddenSource.eggId} ${body.hiddenSource.teamId}`);
      hidden.add(body.hiddenSource.eggId);
      return HttpResponse.json({ hiddenSource: { id: 1, ...body.hiddenSource } }, { status: 201 });
    }),
    http.delete(`${P}/hidden_sources/x`, async ({ request }) => {
      const body = (await request.json()) as { hiddenSource: { eggId: number; teamId: number } };
      calls.push(`unhide ${body.hiddenSource.eggId} ${body.hiddenSource.teamId}`);
      hidden.delete(body.hiddenSource.eggId);
      return HttpResponse.json({ hiddenSource: { id: 1, ...body.hiddenSource } });
    }),
  );
  return { calls, hidden };
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedInSession();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  backend.session = signedOutSession;
});

describe('Configure screen', () => {
  it('adds a hidden source back to the feed, shows "added" and hides it again', async () => {
    const { calls, hidden } = hidesBackend([31]);
    await renderSite('/settings/configure/sources/green-bay-packers');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Configure Green Bay Packers' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Configure Green Bay Packers Sources | SportSpyder'));
    const hiddenList = await screen.findByRole('region', { name: 'Hidden Sources' });
    expect(within(hiddenList).getByText('Cheesehead Chronicle')).toBeTruthy();
    expect(within(hiddenList).getByText('2 articles/day')).toBeTruthy();
    const inFeed = await screen.findByRole('region', { name: 'Sources in your Green Bay Packers feed' });
    expect(within(inFeed).getByText('Gridiron Wire')).toBeTruthy();
    expect(within(inFeed).queryByText('Cheesehead Chronicle')).toBeNull();

    fireEvent.click(within(hiddenList).getByRole('button', { name: 'Add Cheesehead Chronicle to feed' }));
    expect(
      await within(hiddenList).findByText('Cheesehead Chronicle was added to your Green Bay Packers feed'),
    ).toBeTruthy();
    expect(hidden.has(31)).toBe(false);
    expect(calls).toContain(`unhide 31 ${packers.id}`);

    const again = within(hiddenList).getByRole('button', { name: 'Hide Cheesehead Chronicle again' });
    // The button waits until the refreshed lists are in.
    await waitFor(() => expect((again as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(again);
    expect(
      await within(hiddenList).findByRole('button', { name: 'Add Cheesehead Chronicle to feed' }),
    ).toBeTruthy();
    expect(hidden.has(31)).toBe(true);
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([
      `unhide 31 ${packers.id}`,
      `hide 31 ${packers.id}`,
    ]);
  });

  it('hides a source of the feed and shows the empty state when nothing is hidden', async () => {
    const { calls } = hidesBackend([]);
    await renderSite('/settings/configure/sources/green-bay-packers');
    expect(
      await screen.findByText("You haven't hidden any sources from your Green Bay Packers feeds."),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Hide Gridiron Wire' }));
    const hiddenList = screen.getByRole('region', { name: 'Hidden Sources' });
    expect(await within(hiddenList).findByRole('button', { name: 'Add Gridiron Wire to feed' })).toBeTruthy();
    expect(calls).toContain(`hide 32 ${packers.id}`);
    expect(screen.queryByText(/You haven't hidden any sources/)).toBeNull();
  });

  it('remembers whether the how-to tip is open, links the tabs and the teams', async () => {
    hidesBackend([]);
    const site = await renderSite('/settings/configure/sources/green-bay-packers');
    const toggle = await screen.findByRole('button', { name: 'How to customize your team feeds' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/Hidden sources are listed here/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/Hidden sources are listed here/)).toBeNull();
    expect(site.client.storage.getItem('sportspyder.configureTip')).toBe('false');

    expect(screen.getByRole('link', { name: 'Podcasts' }).getAttribute('href')).toBe(
      '/settings/configure/podcasts/green-bay-packers',
    );
    const teams = await screen.findByRole('navigation', { name: 'Teams' });
    expect(within(teams).getByRole('link', { name: 'Los Angeles Lakers' }).getAttribute('href')).toBe(
      '/settings/configure/sources/los-angeles-lakers',
    );
    expect(within(teams).getByRole('link', { name: 'Green Bay Packers' }).getAttribute('aria-current')).toBe(
      'page',
    );

    // The tip stays closed on the next screen.
    server.use(
      http.get(`${API}/api/v1/teams/green-bay-packers/podcasts`, () =>
        HttpResponse.json(page('podcasts', [])),
      ),
    );
    await act(async () => {
      await site.router.navigate('/settings/configure/podcasts/green-bay-packers');
    });
    expect(
      (await screen.findByRole('button', { name: 'How to customize your team feeds' })).getAttribute(
        'aria-expanded',
      ),
    ).toBe('false');
  });

  it('lists hidden podcasts with their volume and adds them back', async () => {
    const calls: string[] = [];
    server.use(
      http.get(`${P}/custom_feeds/:id`, () =>
        HttpResponse.json({
          customFeed: {
            id: packers.slug,
            teams: [teamRef(packers, true)],
            hiddenSources: [],
            hiddenTweeters: [],
            hiddenPodcasts:
              calls.length === 0
                ? [
                    {
                      teamId: packers.id,
                      podcastId: 77,
                      volume: 8,
                      podcast: { id: 77, title: 'Pack Talk', imageUrl: null },
                    },
                  ]
                : [],
          },
        }),
      ),
      http.get(`${API}/api/v1/teams/green-bay-packers/podcasts`, () =>
        HttpResponse.json(page('podcasts', [])),
      ),
      http.delete(`${P}/hidden_podcasts/x`, async ({ request }) => {
        calls.push(JSON.stringify(await request.json()));
        return HttpResponse.json({ hiddenPodcast: { id: 1, podcastId: 77, teamId: packers.id } });
      }),
    );
    await renderSite('/settings/configure/podcasts/green-bay-packers');
    expect(await screen.findByText('Pack Talk')).toBeTruthy();
    expect(screen.getByText('8 podcasts/month')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Pack Talk to feed' }));
    expect(await screen.findByText('Pack Talk was added to your Green Bay Packers feed')).toBeTruthy();
    expect(calls).toEqual([JSON.stringify({ hiddenPodcast: { podcastId: 77, teamId: packers.id } })]);
  });

  it('opens the first followed team without a team in the URL, or says to follow one', async () => {
    hidesBackend([]);
    backend.session = signedInSession(makeUser({ followingTeams: [{ id: 5, teamId: packers.id }] }));
    const site = await renderSite('/settings/configure');
    await waitFor(() => expect(site.path()).toBe('/settings/configure/sources/green-bay-packers'));
    cleanup();
    backend.session = signedInSession();
    await renderSite('/settings/configure');
    expect(await screen.findByText(/Follow a team to choose the sources and podcasts/)).toBeTruthy();
  });

  it('sends visitors to sign in', async () => {
    backend.session = signedOutSession;
    const site = await renderSite('/settings/configure/sources/green-bay-packers');
    await waitFor(() => expect(site.path()).toBe('/login?out'));
  });
});

describe('followed teams (Following)', () => {
  function followingBackend() {
    let order = [packers.id, raiders.id, lakers.id];
    const ids: Record<number, number> = { [packers.id]: 101, [raiders.id]: 102, [lakers.id]: 103 };
    const calls: string[] = [];
    server.use(
      http.get(`${P}/following_teams`, () =>
        HttpResponse.json(
          page(
            'followingTeams',
            order.map((teamId) => ({ id: ids[teamId], teamId })),
          ),
        ),
      ),
      http.put(`${P}/following_teams`, async ({ request }) => {
        const body = (await request.json()) as { faveIds: number[] };
        calls.push(`PUT ${JSON.stringify(body)}`);
        order = body.faveIds;
        return HttpResponse.json(
          page(
            'followingTeams',
            order.map((teamId) => ({ id: ids[teamId], teamId })),
          ),
        );
      }),
      http.delete(`${P}/following_teams/:id`, ({ params }) => {
        calls.push(`DELETE ${params.id}`);
        order = order.filter((teamId) => ids[teamId] !== Number(params.id));
        return HttpResponse.json({ followingTeam: { id: Number(params.id), teamId: packers.id } });
      }),
      http.get(`${P}/custom_feeds`, () => HttpResponse.json(page('customFeeds', []))),
    );
    return { calls };
  }

  const names = () =>
    screen.getAllByTestId('following-row').map((row) => within(row).getByRole('link').textContent);

  it('moves teams with the buttons and saves the order with faveIds', async () => {
    const { calls } = followingBackend();
    await renderSite('/settings/following');
    expect(await screen.findByRole('heading', { level: 1, name: 'Following' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Following | SportSpyder'));
    await screen.findByText('Los Angeles Lakers');
    expect(names()).toEqual(['Green Bay Packers', 'Las Vegas Raiders', 'Los Angeles Lakers']);
    expect(
      (screen.getByRole('button', { name: 'Move Green Bay Packers up' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const up = screen.getByRole('button', { name: 'Move Los Angeles Lakers up' });
    up.focus();
    fireEvent.click(up);
    expect(names()).toEqual(['Green Bay Packers', 'Los Angeles Lakers', 'Las Vegas Raiders']);
    expect(screen.getByText('Los Angeles Lakers moved to position 2 of 3')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Los Angeles Lakers up'),
    );
    await waitFor(() =>
      expect(calls).toEqual([`PUT ${JSON.stringify({ faveIds: [packers.id, lakers.id, raiders.id] })}`]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move Green Bay Packers down' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toBe(`PUT ${JSON.stringify({ faveIds: [lakers.id, packers.id, raiders.id] })}`);
    await waitFor(() =>
      expect(names()).toEqual(['Los Angeles Lakers', 'Green Bay Packers', 'Las Vegas Raiders']),
    );
  });

  it('reorders by dragging a handle and saves the order', async () => {
    const { calls } = followingBackend();
    await renderSite('/settings/following');
    const handle = await screen.findByRole('button', { name: 'Drag Green Bay Packers' });
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 10 });
    // Two rows of about 58.35 px down.
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 70 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 128 });
    expect(names()).toEqual(['Las Vegas Raiders', 'Los Angeles Lakers', 'Green Bay Packers']);
    expect(calls).toEqual([]);
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 128 });
    await waitFor(() =>
      expect(calls).toEqual([`PUT ${JSON.stringify({ faveIds: [raiders.id, lakers.id, packers.id] })}`]),
    );
    expect(names()).toEqual(['Las Vegas Raiders', 'Los Angeles Lakers', 'Green Bay Packers']);
  });

  it('a drag cancelled with Escape changes nothing', async () => {
    const { calls } = followingBackend();
    await renderSite('/settings/following');
    const handle = await screen.findByRole('button', { name: 'Drag Green Bay Packers' });
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 10 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 128 });
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 128 });
    expect(names()).toEqual(['Green Bay Packers', 'Las Vegas Raiders', 'Los Angeles Lakers']);
    expect(calls).toEqual([]);
  });

  it('asks for confirmation before removing a team', async () => {
    const { calls } = followingBackend();
    await renderSite('/settings/following');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Las Vegas Raiders' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Stop following the Las Vegas Raiders?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).toEqual([]);
    expect(names()).toContain('Las Vegas Raiders');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Las Vegas Raiders' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Stopped following the "Las Vegas Raiders"')).toBeTruthy();
    expect(calls).toEqual(['DELETE 102']);
    await waitFor(() => expect(names()).toEqual(['Green Bay Packers', 'Los Angeles Lakers']));
  });

  it('says when the member follows no team', async () => {
    server.use(http.get(`${P}/following_teams`, () => HttpResponse.json(page('followingTeams', []))));
    await renderSite('/settings/following');
    // Spec 3 §8's text, exactly.
    expect(await screen.findByText("You haven't followed any teams yet")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a team to follow' }).getAttribute('href')).toBe('/');
  });
});

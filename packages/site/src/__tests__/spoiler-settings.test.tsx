// /settings/spoilers against msw (issue 49): one row per followed team named by the team, the shield's
// checkbox and hide period each saved at once (only that team sent) with the toast, and the menu entry.
import type { SpoilerShields, SpoilerShieldsBody } from '@sportspyder/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, lakers, packers, server } from './fixtures.js';
import { renderSite } from './renderSite.js';
import { setUpSettingsTests } from './setUpSettingsTests.js';

setUpSettingsTests();

function shieldsBackend() {
  let stored: SpoilerShields = {
    teams: [
      { teamId: packers.id, on: false, hideHours: null },
      { teamId: lakers.id, on: true, hideHours: 24 },
    ],
  };
  const puts: SpoilerShieldsBody[] = [];
  server.use(
    http.get(`${API}/api/v1/profile/spoiler_shields`, () => HttpResponse.json(stored)),
    http.put(`${API}/api/v1/profile/spoiler_shields`, async ({ request }) => {
      const body = (await request.json()) as SpoilerShieldsBody;
      puts.push(body);
      stored = {
        teams: stored.teams.map((team) => body.teams.find((t) => t.teamId === team.teamId) ?? team),
      };
      return HttpResponse.json(stored);
    }),
  );
  return { puts };
}

describe('/settings/spoilers', () => {
  it("lists the followed teams' shields and saves a change of one team at once", async () => {
    const { puts } = shieldsBackend();
    await renderSite('/settings/spoilers');
    const packersBox = await screen.findByRole(
      'checkbox',
      { name: 'Shield the Green Bay Packers' },
      { timeout: 15_000 },
    );
    expect((packersBox as HTMLInputElement).checked).toBe(false);
    const lakersBox = screen.getByRole('checkbox', { name: 'Shield the Los Angeles Lakers' });
    expect((lakersBox as HTMLInputElement).checked).toBe(true);
    const lakersPeriod = screen.getByRole('combobox', { name: 'Hide results of the Los Angeles Lakers' });
    expect((lakersPeriod as HTMLSelectElement).value).toBe('24');
    expect(screen.getByRole('link', { name: 'Spoiler shield' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(packersBox);
    await waitFor(() =>
      expect(puts).toEqual([{ teams: [{ teamId: packers.id, on: true, hideHours: null }] }]),
    );
    await screen.findByText('Spoiler shield updated');
    await waitFor(() => expect((packersBox as HTMLInputElement).checked).toBe(true));

    fireEvent.change(screen.getByRole('combobox', { name: 'Hide results of the Green Bay Packers' }), {
      target: { value: '48' },
    });
    await waitFor(() =>
      expect(puts.at(-1)).toEqual({ teams: [{ teamId: packers.id, on: true, hideHours: 48 }] }),
    );
  }, 30_000);
});

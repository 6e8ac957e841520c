// The signed-in sessions card of /settings/password (issue 47) against msw: the list with the device,
// "Unknown place" and this browser marked; a per-session Sign out button named after its session; "Sign
// out all other sessions" only after the confirmation; a session that had ended already refreshes the list.
import type { SignedInSession } from '@sportspyder/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, backend, server, signedInSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

const now = new Date().toISOString();
let sessions: SignedInSession[];
let deletes: string[];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedInSession();
  deletes = [];
  sessions = [
    { id: 1, device: 'Chrome on Android', place: null, createdAt: now, lastSeenAt: now, current: true },
    {
      id: 2,
      device: 'Firefox on Windows',
      place: null,
      createdAt: '2026-11-01T10:00:00Z',
      lastSeenAt: '2026-11-20T10:00:00Z',
      current: false,
    },
    {
      id: 3,
      device: 'Safari on iPhone',
      place: 'Lisbon, Portugal',
      createdAt: '2026-11-02T10:00:00Z',
      lastSeenAt: '2026-11-21T10:00:00Z',
      current: false,
    },
  ];
  server.use(
    http.get(`${API}/api/v1/profile/sessions`, () => HttpResponse.json({ sessions })),
    http.delete(`${API}/api/v1/profile/sessions/:id`, ({ params }) => {
      deletes.push(String(params.id));
      const before = sessions.length;
      sessions = sessions.filter((s) => String(s.id) !== params.id);
      if (sessions.length === before) {
        return HttpResponse.json({ errors: [{ code: 'not_found', title: 'Gone' }] }, { status: 404 });
      }
      return HttpResponse.json({ sessions });
    }),
    http.delete(`${API}/api/v1/profile/sessions`, () => {
      deletes.push('others');
      sessions = sessions.filter((s) => s.current);
      return HttpResponse.json({ sessions });
    }),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

async function sessionList() {
  return screen.findByRole('list', { name: 'Signed-in sessions' });
}

describe('signed-in sessions on /settings/password', () => {
  it('lists the sessions with their device, place and last seen, this browser marked', async () => {
    await renderSite('/settings/password');
    const list = await sessionList();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Chrome on Android (this browser)Unknown place · Active now',
      'Firefox on WindowsUnknown place · Last seen Nov 20, 2026Sign out',
      'Safari on iPhoneLisbon, Portugal · Last seen Nov 21, 2026Sign out',
    ]);
    // This browser has no button of its own; each other one's is named after its session.
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(
      screen.getByRole('button', {
        name: 'Sign out Firefox on Windows, Unknown place, Last seen Nov 20, 2026',
      }),
    ).toBeTruthy();
  });

  it('signs one session out', async () => {
    await renderSite('/settings/password');
    await sessionList();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Sign out Firefox on Windows/ }));
    });
    expect(deletes).toEqual(['2']);
    expect(await screen.findByText('The session was signed out.')).toBeTruthy();
    expect(screen.queryByText('Firefox on Windows')).toBeNull();
    expect(screen.getByText('Safari on iPhone')).toBeTruthy();
  });

  it('signs every other session out only after the confirmation', async () => {
    await renderSite('/settings/password');
    await sessionList();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out all other sessions?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await act(async () => {
      fireEvent.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out all other sessions' }),
      );
    });
    expect(deletes).toEqual(['others']);
    expect(await screen.findByText('All other sessions were signed out.')).toBeTruthy();
    const rows = within(await sessionList()).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
  });

  it('refreshes the list when a session had already ended', async () => {
    await renderSite('/settings/password');
    await sessionList();
    // Another browser ended it meanwhile.
    sessions = sessions.filter((s) => s.id !== 3);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Sign out Safari on iPhone/ }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain('could not be signed out');
    expect(screen.queryByText('Safari on iPhone')).toBeNull();
  });
});

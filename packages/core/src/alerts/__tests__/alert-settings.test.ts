import type { AlertSettings } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, server } from '../../__tests__/fixtures.js';
import { ApiError } from '../../errors.js';
import {
  ALERT_SETTINGS_KEY,
  ALERTS_UPDATED_TOAST,
  defaultQuietHours,
  readAlertSettings,
  saveAlertSettings,
  timeZoneChoices,
} from '../alert-settings.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const stored: AlertSettings = {
  teams: [{ teamId: 3, gameStart: false, finalScore: false, breaking: false }],
  podcasts: [{ podcastId: 9, newEpisode: false }],
  quietHours: null,
};

describe('alert settings', () => {
  it('reads the choices of the followed teams and podcasts', async () => {
    server.use(http.get(api('profile/alerts'), () => HttpResponse.json(stored)));
    const { client } = makeClient();
    expect(await readAlertSettings(client)).toEqual(stored);
  });

  it('saves the whole form, shows the toast and caches the stored answer', async () => {
    let body: unknown;
    let csrf: string | null = null;
    server.use(
      http.put(api('profile/alerts'), async ({ request }) => {
        body = await request.json();
        csrf = request.headers.get('X-CSRF-Token');
        return HttpResponse.json({ ...(body as AlertSettings) });
      }),
    );
    const { client } = makeClient({ cookies: () => 'sportspyder_csrf=tok' });
    const change: AlertSettings = {
      ...stored,
      teams: [{ teamId: 3, gameStart: false, finalScore: true, breaking: false }],
      quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Paris' },
    };
    const saved = await saveAlertSettings(client, change);
    expect(body).toEqual(change);
    expect(csrf).toBe('tok');
    expect(saved.teams[0]?.finalScore).toBe(true);
    expect(client.cache.getSnapshot<AlertSettings>(ALERT_SETTINGS_KEY).data).toEqual(change);
    expect(client.toasts.getSnapshot().map((t) => t.text)).toEqual([ALERTS_UPDATED_TOAST]);
  });

  it('rejects with the field the server names, without a toast', async () => {
    server.use(
      http.put(api('profile/alerts'), () =>
        HttpResponse.json(
          { errors: [{ status: '422', title: 'Time zone is not known', field: 'quietHours.timeZone' }] },
          { status: 422 },
        ),
      ),
    );
    const { client } = makeClient();
    const error = await saveAlertSettings(client, {
      ...stored,
      quietHours: { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors[0]?.field).toBe('quietHours.timeZone');
    expect(client.toasts.getSnapshot()).toEqual([]);
  });

  it('offers the night in the given zone and keeps an unknown saved zone among the choices', () => {
    expect(defaultQuietHours('America/Chicago')).toEqual({
      start: '22:00',
      end: '07:00',
      timeZone: 'America/Chicago',
    });
    expect(timeZoneChoices('Europe/Paris')).toContain('Europe/Paris');
    expect(timeZoneChoices('Legacy/Zone')[0]).toBe('Legacy/Zone');
  });
});

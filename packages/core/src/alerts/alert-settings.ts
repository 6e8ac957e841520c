/**
 * The member's alert choices in core (issue 49, Web Push): `GET/PUT api/v1/profile/alerts` through the
 * client's cache, with the screen's toast, and the labels and defaults of /settings/alerts. Which
 * teams and podcasts are listed is the server's (one entry per follow); the client only edits them.
 * @module
 */
import type { AlertSettings, PodcastAlertChoice, QuietHours, TeamAlertChoice } from '@sportspyder/contract';
import type { SettingsClient } from '../accounts/account-settings.js';
import { apiPath } from '../content/resource-path.js';

const ALERTS = '/api/v1/profile/alerts';

/** The cache key of the alert choices (the bindings subscribe to it). */
export const ALERT_SETTINGS_KEY = apiPath(ALERTS);

/** Toast after the alert choices are saved (the wording of the other settings screens, spec 3 §8). */
export const ALERTS_UPDATED_TOAST = 'Alerts updated successfully!';

/** A team alert kind with its label, in the screen's order. */
export interface TeamAlertToggle {
  field: keyof Omit<TeamAlertChoice, 'teamId'>;
  label: string;
}

/** The alert kinds of a followed team (issue 49), in the screen's order. */
export const TEAM_ALERT_TOGGLES: readonly TeamAlertToggle[] = [
  { field: 'gameStart', label: 'Game start' },
  { field: 'finalScore', label: 'Final score' },
  { field: 'breaking', label: 'Breaking story' },
];

/** The alert kind of a followed podcast. */
export const PODCAST_ALERT_TOGGLE: { field: keyof Omit<PodcastAlertChoice, 'podcastId'>; label: string } = {
  field: 'newEpisode',
  label: 'New episode',
};

/** Quiet hours offered when the member first turns them on: the night, in the browser's time zone. */
export function defaultQuietHours(timeZone: string = browserTimeZone()): QuietHours {
  return { start: '22:00', end: '07:00', timeZone };
}

/** The browser's IANA time zone (`UTC` where `Intl` cannot say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The time zones a picker offers: every zone `Intl` knows, with `current` first among them when it is
 * not in the list (an older engine), so the saved zone is always a choice.
 */
export function timeZoneChoices(current: string): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : ['UTC'];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** `GET api/v1/profile/alerts`. */
export async function readAlertSettings(client: Pick<SettingsClient, 'api'>): Promise<AlertSettings> {
  return client.api.get<AlertSettings>(ALERT_SETTINGS_KEY);
}

/**
 * `PUT api/v1/profile/alerts` with the whole form, then the toast; the cached choices become the
 * stored answer. Rejects with the `ApiError` of a refusal (422 naming the field, e.g.
 * `quietHours.timeZone`).
 */
export async function saveAlertSettings(
  client: Pick<SettingsClient, 'api' | 'cache' | 'toasts'>,
  body: AlertSettings,
): Promise<AlertSettings> {
  const saved = await client.api.put<AlertSettings>(ALERT_SETTINGS_KEY, body, { handleNotFound: false });
  client.cache.set(ALERT_SETTINGS_KEY, saved);
  client.toasts.show(ALERTS_UPDATED_TOAST, 'success');
  return saved;
}

/**
 * The member's settings screens in core (spec 3 §2 "Settings", §5, §8; issue 13): the account
 * settings read and saved through `GET/PUT api/v1/profile/account` (e-mail, username, display name,
 * links-in-new-window, the notify and e-mail flags, the newsletter frequency) with each screen's toast,
 * "Download my data" (`GET api/v1/profile/export`) and the account deletion (`DELETE
 * api/v1/profile/account` with the password). A save refetches the session, so the header shows the
 * new name at once.
 * @module
 */
import type {
  AccountExport,
  AccountExportResponse,
  AccountResponse,
  AccountSettings,
  AccountUpdateBody,
  SessionResponse,
} from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';

/** The part of the client the settings screens use. */
export type SettingsClient = Pick<SportSpyderClient, 'api' | 'session' | 'toasts' | 'cache'>;

/** Toast of the account screen (spec 3 §8). */
export const ACCOUNT_UPDATED_TOAST = 'Account updated successfully!';
/** Toast of the notification settings (spec 3 §8). */
export const NOTIFICATIONS_UPDATED_TOAST = 'Notifications updated successfully!';
/** Toast of the e-mail settings (spec 3 §8). */
export const EMAIL_SETTINGS_UPDATED_TOAST = 'Email settings updated successfully!';
/** Toast after the account is deleted. */
export const ACCOUNT_DELETED_TOAST = 'Your account has been deleted.';
/** The username tip of the account screen (spec 3 §5). */
export const USERNAME_TIP = 'At least 4 characters, changeable once a week.';

/** A notify flag of /settings/notifications with its label. */
export interface NotifyToggle {
  field:
    | 'notifyMessageReplies'
    | 'notifyMessageMentions'
    | 'notifyMessageThreads'
    | 'notifyMessageLikes'
    | 'notifyPodcastNewEpisodes'
    | 'notifyPodcastRecommendations'
    | 'notifyPodcastPopular'
    | 'notifyEggNewArticle';
  label: string;
}

/** What creates a notification (spec 1 §3 "Account settings"), in the screen's order. */
export const NOTIFY_TOGGLES: readonly NotifyToggle[] = [
  { field: 'notifyMessageReplies', label: 'Replies to my messages' },
  { field: 'notifyMessageMentions', label: 'Mentions of me' },
  { field: 'notifyMessageThreads', label: 'New messages in my threads' },
  { field: 'notifyMessageLikes', label: 'Likes of my messages' },
  { field: 'notifyPodcastNewEpisodes', label: 'New episodes of podcasts I follow' },
  { field: 'notifyPodcastRecommendations', label: 'Podcast recommendations' },
  { field: 'notifyPodcastPopular', label: 'Popular episodes' },
  { field: 'notifyEggNewArticle', label: 'New articles from sources I follow' },
];

/** Which screen saved: picks the toast. */
export type SettingsScreen = 'account' | 'notifications' | 'emails';

const TOASTS: Record<SettingsScreen, string> = {
  account: ACCOUNT_UPDATED_TOAST,
  notifications: NOTIFICATIONS_UPDATED_TOAST,
  emails: EMAIL_SETTINGS_UPDATED_TOAST,
};

const ACCOUNT = '/api/v1/profile/account';
const EXPORT = '/api/v1/profile/export';

/** The cache key of the account settings (the bindings subscribe to it). */
export const ACCOUNT_SETTINGS_KEY = apiPath(ACCOUNT);

/** `GET api/v1/profile/account`. */
export async function readAccountSettings(client: Pick<SettingsClient, 'api'>): Promise<AccountSettings> {
  const { account } = await client.api.get<AccountResponse>(apiPath(ACCOUNT));
  return account;
}

/**
 * `PUT api/v1/profile/account` with the changed fields, then the screen's toast; the cached settings
 * and the session are refreshed. Rejects with the `ApiError` of a refusal (422 naming the fields).
 */
export async function saveAccountSettings(
  client: SettingsClient,
  body: AccountUpdateBody,
  screen: SettingsScreen,
): Promise<AccountSettings> {
  const { account } = await client.api.put<AccountResponse>(apiPath(ACCOUNT), body, {
    handleNotFound: false,
  });
  client.cache.set(ACCOUNT_SETTINGS_KEY, account);
  client.toasts.show(TOASTS[screen], 'success');
  await client.session.refetch().catch(() => undefined);
  return account;
}

/**
 * The fields of the account form that differ from the saved settings (the e-mail and the username
 * are sent only when changed, so saving the display name never touches the once-a-week rule). A new
 * e-mail goes with the current password typed again (the server asks for it; issue 47).
 *
 * @example
 * ```ts
 * accountFormChanges(settings, { ...form, name: 'Cheese Head' }); // { name: 'Cheese Head' }
 * ```
 */
export function accountFormChanges(
  saved: Pick<AccountSettings, 'email' | 'username' | 'name' | 'linksInNewWindow'>,
  form: {
    email: string;
    username: string;
    name: string;
    linksInNewWindow: boolean;
    currentPassword?: string | undefined;
  },
): AccountUpdateBody {
  const body: AccountUpdateBody = {};
  if (form.email.trim() !== saved.email) {
    body.email = form.email.trim();
    body.currentPassword = form.currentPassword ?? '';
  }
  if (form.username.trim() !== saved.username) body.username = form.username.trim();
  if (form.name.trim() !== (saved.name ?? '')) body.name = form.name.trim() === '' ? null : form.name.trim();
  if (form.linksInNewWindow !== saved.linksInNewWindow) body.linksInNewWindow = form.linksInNewWindow;
  return body;
}

/** A downloadable file: its name and its text. */
export interface DownloadFile {
  /** e.g. `sportspyder-fan_1-2026-11-25.json`. */
  fileName: string;
  /** The file's content. */
  text: string;
  /** Its media type. */
  type: 'application/json';
}

/** `GET api/v1/profile/export` as a file to save ("Download my data"). */
export async function downloadAccountData(client: Pick<SettingsClient, 'api'>): Promise<DownloadFile> {
  const { accountExport } = await client.api.get<AccountExportResponse>(apiPath(EXPORT), {
    handleNotFound: false,
  });
  return {
    fileName: exportFileName(accountExport),
    text: JSON.stringify(accountExport, null, 2),
    type: 'application/json',
  };
}

/** The file name of an export: the username (file-safe) and the day. */
export function exportFileName(accountExport: AccountExport): string {
  const profile = accountExport.sections.profile as { username?: unknown } | null | undefined;
  const name = typeof profile?.username === 'string' ? profile.username.replace(/[^A-Za-z0-9_]/g, '') : '';
  return `sportspyder-${name || 'account'}-${accountExport.exportedAt.slice(0, 10)}.json`;
}

/**
 * `DELETE api/v1/profile/account` with the password: the account is gone, this browser is signed
 * out (the session is refetched) and the toast says so. Rejects with the `ApiError` of a refusal
 * (422 on `password`, 429 when throttled).
 */
export async function deleteAccount(client: SettingsClient, password: string): Promise<void> {
  await client.api.delete<SessionResponse>(
    apiPath(ACCOUNT),
    { password },
    { handleNotFound: false, handleRateLimit: false },
  );
  client.cache.clear();
  client.toasts.show(ACCOUNT_DELETED_TOAST, 'success');
  await client.session.refetch().catch(() => undefined);
}

// Shared test fixtures: an msw server, contract-shaped sessions and a client wired for Node.
import type { PodcastListens, Session, User } from '@sportspyder/contract';
import { setupServer } from 'msw/node';
import { vi } from 'vitest';
import { type ClientOptions, createClient } from '../client.js';
import { memoryStorage } from '../storage.js';
import { createFakeCable } from '../testing/fake-cable.js';

export const BASE = 'http://localhost';
export const api = (path: string) => `${BASE}/api/v1/${path}`;

export const server = setupServer();

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'demo',
    email: 'demo@sportspyder.test',
    displayName: null,
    linksInNewWindow: false,
    notificationsCount: 0,
    admin: false,
    pro: false,
    proState: '',
    proDaysLeft: null,
    proSince: null,
    api: false,
    chatColor: 'Default',
    chatProBadge: false,
    chatProfanityFilter: true,
    chatAcceptedRules: false,
    chatHidden: false,
    fantasyTeams: [],
    followingTeams: [],
    suggestedTeams: [],
    podcastListens: emptyListens(),
    ...overrides,
  };
}

export function emptyListens(): PodcastListens {
  return { recents: [], completed: [], times: {}, episode: null };
}

export function signedIn(user: User = makeUser()): { session: Session } {
  return {
    session: { id: 's1', version: '1', loggedIn: true, user, promoTeams: [], exp: null },
  };
}

export function signedOut(): { session: Session } {
  return {
    session: { id: 's2', version: '1', loggedIn: false, user: null, promoTeams: [], exp: null },
  };
}

/** A client for Node tests: msw-mocked network, memory storage, the fake cable, no real waits. */
export function makeClient(overrides: ClientOptions = {}) {
  const cable = createFakeCable();
  const reload = vi.fn();
  const sleep = vi.fn(async (_ms: number) => undefined);
  const client = createClient({
    baseUrl: BASE,
    storage: memoryStorage(),
    location: () => `${BASE}/`,
    cookies: () => '',
    reload,
    sleep,
    realtime: cable,
    ...overrides,
  });
  return { client, cable, reload, sleep };
}

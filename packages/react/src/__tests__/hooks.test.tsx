import type { Session, User } from '@sportspyder/contract';
import { createClient, type SportSpyderClient } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useClient } from '../hooks/useClient.js';
import { useIsMobile } from '../hooks/useMediaQuery.js';
import { useResource } from '../hooks/useResource.js';
import { useSession } from '../hooks/useSession.js';
import { SportSpyderProvider } from '../SportSpyderProvider.js';

const user = { id: 7, username: 'demo', notificationsCount: 3 } as unknown as User;
const signedIn: Session = { id: 's1', version: '1', loggedIn: true, user, promoTeams: [], exp: null };

let sportRequests = 0;
const server = setupServer(
  http.get('http://localhost/api/v1/session', () => HttpResponse.json({ session: signedIn })),
  http.get('http://localhost/api/v1/sports/nfl', () => {
    sportRequests++;
    return HttpResponse.json({ sport: { id: 1, slug: 'nfl', name: 'NFL' } });
  }),
  http.get('http://localhost/api/v1/sports/xfl', () =>
    HttpResponse.json({ errors: [{ title: 'Not found', code: 'not_found' }] }, { status: 404 }),
  ),
);

function Account() {
  const { loading, loggedIn, user } = useSession();
  return <p>{loading ? 'loading' : loggedIn ? `hello ${user?.username}` : 'signed out'}</p>;
}

function SportName() {
  const api = useClient().api;
  const sport = useResource('api/v1/sports/nfl', () =>
    api.get<{ sport: { name: string } }>('api/v1/sports/nfl'),
  );
  return <p>{sport.status === 'success' ? sport.data?.sport.name : sport.status}</p>;
}

function Missing() {
  const api = useClient().api;
  const sport = useResource('api/v1/sports/xfl', () => api.get('api/v1/sports/xfl'));
  return <p>{sport.status}</p>;
}

function Disabled() {
  const api = useClient().api;
  const sport = useResource('api/v1/sports/nfl', () => api.get('api/v1/sports/nfl'), { enabled: false });
  return <p>{sport.status}</p>;
}

function Orphan() {
  useClient();
  return null;
}

function Layout() {
  return <p>{useIsMobile() ? 'mobile' : 'desktop'}</p>;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('hooks', () => {
  let client: SportSpyderClient;
  beforeEach(() => {
    sportRequests = 0;
    client = createClient({
      baseUrl: 'http://localhost',
      storage: memoryStorage(),
      realtime: createFakeCable(),
    });
  });
  afterEach(() => {
    cleanup();
    server.resetHandlers();
  });

  const wrap = (ui: ReactNode) => render(<SportSpyderProvider client={client}>{ui}</SportSpyderProvider>);

  it('useSession follows the session store from loading to signed in', async () => {
    wrap(<Account />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      await client.session.load();
    });
    expect(screen.getByText('hello demo')).toBeTruthy();
  });

  it('useResource loads through the cache and shares one request between components', async () => {
    wrap(
      <>
        <SportName />
        <SportName />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('NFL')).toHaveLength(2));
    expect(sportRequests).toBe(1);
  });

  it('useResource reports a failed load in the snapshot instead of throwing', async () => {
    wrap(<Missing />);
    await waitFor(() => expect(screen.getByText('error')).toBeTruthy());
  });

  it('useResource asks nothing while disabled', async () => {
    wrap(<Disabled />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('idle')).toBeTruthy();
    expect(sportRequests).toBe(0);
  });

  it('useClient throws outside a provider', () => {
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Orphan />)).toThrow(/SportSpyderProvider/);
    } finally {
      console.error = original;
    }
  });
});

describe('useIsMobile', () => {
  afterEach(cleanup);

  it('is true up to 767 px and follows resizes', async () => {
    const happy = (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM;
    happy.setViewport({ width: 1024 });
    render(<Layout />);
    expect(screen.getByText('desktop')).toBeTruthy();
    act(() => happy.setViewport({ width: 767 }));
    await waitFor(() => expect(screen.getByText('mobile')).toBeTruthy());
    act(() => happy.setViewport({ width: 768 }));
    await waitFor(() => expect(screen.getByText('desktop')).toBeTruthy());
  });
});

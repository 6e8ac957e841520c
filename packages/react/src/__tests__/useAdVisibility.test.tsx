// useAdVisibility (spec 1 §4.5, §6): the session (loading, PRO/trial/comp), the experiment variant of
// the page load, the platform and, for the sticky ad, the viewport height and chat pages, read from a
// real client against msw.
import type { Experiment, Session, User } from '@sportspyder/contract';
import { createClient } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { act, cleanup, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAdVisibility } from '../hooks/useAdVisibility.js';
import { SportSpyderProvider } from '../SportSpyderProvider.js';

// The server runs with an ad network (ADS=on) unless a test says otherwise.
const visitor: Session = {
  id: 's',
  version: '1',
  loggedIn: false,
  user: null,
  promoTeams: [],
  exp: null,
  ads: true,
};
const member = (proState: User['proState'], pro = false): Session => ({
  ...visitor,
  loggedIn: true,
  user: { id: 7, username: 'm', pro, proState } as unknown as User,
});
const experiment = (variant: number): Experiment => ({
  id: 1,
  type: 'ads',
  platform: 'all',
  variants: [{ id: variant, percentage: 99 }],
});

let session: Session = visitor;
let hold: Promise<void> | null = null;
const server = setupServer(
  http.get('http://localhost/api/v1/session', async () => {
    if (hold) await hold;
    return HttpResponse.json({ session });
  }),
);

const happyDOM = () =>
  (window as unknown as { happyDOM: { setViewport(v: { width?: number; height?: number }): void } }).happyDOM;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  session = visitor;
  hold = null;
  happyDOM().setViewport({ width: 1280, height: 900 });
});
afterEach(() => {
  cleanup();
  happyDOM().setViewport({ width: 1024, height: 768 });
});

function Probe({ chatPage = false }: { chatPage?: boolean }) {
  const list = useAdVisibility();
  const sticky = useAdVisibility({ sticky: true, chatPage });
  return (
    <p data-testid="probe">
      {JSON.stringify({
        pending: list.pending,
        ads: list.ads,
        adVideo: list.adVideo,
        sticky: sticky.sticky,
        platform: list.platform,
      })}
    </p>
  );
}

async function renderProbe(props: { chatPage?: boolean } = {}) {
  const client = createClient({
    baseUrl: 'http://localhost',
    storage: memoryStorage(),
    realtime: createFakeCable(),
    location: () => 'http://localhost/',
  });
  render(
    <SportSpyderProvider client={client}>
      <Probe {...props} />
    </SportSpyderProvider>,
  );
  await act(async () => {
    await client.session.load().catch(() => undefined);
  });
  return client;
}

const state = () => JSON.parse(screen.getByTestId('probe').textContent ?? '{}');

describe('useAdVisibility', () => {
  it('shows every ad to a visitor on a tall desktop', async () => {
    await renderProbe();
    expect(state()).toEqual({ pending: false, ads: true, adVideo: true, sticky: true, platform: 'desktop' });
  });

  it('shows no ad, no slot and no sticky bar when the server runs no ad network (the default)', async () => {
    const { ads: _, ...noNetwork } = visitor;
    session = noNetwork;
    await renderProbe();
    expect(state()).toEqual({
      pending: false,
      ads: false,
      adVideo: false,
      sticky: false,
      platform: 'desktop',
    });
  });

  it('is pending and shows nothing while the session loads', async () => {
    let release: () => void = () => undefined;
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const client = createClient({
      baseUrl: 'http://localhost',
      storage: memoryStorage(),
      realtime: createFakeCable(),
      location: () => 'http://localhost/',
    });
    render(
      <SportSpyderProvider client={client}>
        <Probe />
      </SportSpyderProvider>,
    );
    const loading = client.session.load();
    expect(state()).toMatchObject({ pending: true, ads: false, adVideo: false, sticky: false });
    await act(async () => {
      release();
      await loading;
    });
    expect(state()).toMatchObject({ pending: false, ads: true, sticky: true });
  });

  it.each([
    ['PRO', member('paid', true)],
    ['trial', member('trial')],
    ['comp', member('comp')],
  ])('shows no ad and no ad video to %s members', async (_label, next) => {
    session = next;
    await renderProbe();
    expect(state()).toMatchObject({ pending: false, ads: false, adVideo: false, sticky: false });
  });

  it('shows ads to a member without PRO', async () => {
    session = member('');
    await renderProbe();
    expect(state()).toMatchObject({ ads: true, sticky: true });
  });

  it('hides every ad in experiment variant 4 and shows them in variant 5', async () => {
    session = { ...visitor, exp: experiment(4) };
    await renderProbe();
    expect(state()).toMatchObject({ ads: false, adVideo: false, sticky: false });
    cleanup();
    session = { ...visitor, exp: experiment(5) };
    await renderProbe();
    expect(state()).toMatchObject({ ads: true, adVideo: true, sticky: true });
  });

  it.each([
    [1280, 779, 'desktop', false],
    [1280, 780, 'desktop', true],
    [400, 559, 'mobile', false],
    [400, 560, 'mobile', true],
  ])('at %i×%i px (%s) the sticky ad shows: %s', async (width, height, platform, sticky) => {
    happyDOM().setViewport({ width, height });
    await renderProbe();
    expect(state()).toMatchObject({ platform, sticky, ads: true });
  });

  it('follows the viewport height as the window is resized', async () => {
    await renderProbe();
    expect(state().sticky).toBe(true);
    act(() => happyDOM().setViewport({ width: 1280, height: 700 }));
    expect(state()).toMatchObject({ sticky: false, ads: true });
  });

  it('hides the sticky ad on chat pages but keeps the others', async () => {
    await renderProbe({ chatPage: true });
    expect(state()).toMatchObject({ ads: true, sticky: false });
  });
});

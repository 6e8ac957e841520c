// Media Session glue: metadata, playback state and action handlers routed to the player; a no-op
// without the API.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachMediaSession, type MediaActionDetails, type MediaSessionLike } from '../media-session.js';
import { episode, makePlayer, recordEvents, server, settle, useFakeClock } from './helpers.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => useFakeClock());
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

type Handler = ((details: MediaActionDetails) => void) | null;

function fakeSession() {
  const handlers = new Map<string, Handler>();
  const session: MediaSessionLike & { handlers: Map<string, Handler>; positions: unknown[] } = {
    metadata: null,
    playbackState: 'none',
    handlers,
    positions: [],
    setActionHandler(action, handler) {
      handlers.set(action, handler);
    },
    setPositionState(state) {
      session.positions.push(state);
    },
  };
  return session;
}

describe('attachMediaSession', () => {
  it('shows the episode and routes the actions to the player', async () => {
    recordEvents({ 5: [episode(4), null] });
    const { player } = makePlayer();
    const session = fakeSession();
    const detach = attachMediaSession(player, session, { createMetadata: (init) => ({ ...init }) });
    expect(session.metadata).toBeNull();

    await player.play(episode(5), { time: 100 });
    await settle();
    expect(session.metadata).toEqual({
      title: 'Episode 5',
      artist: 'The Pod',
      album: 'The Pod',
      artwork: [{ src: 'https://img.test/5.jpg' }],
    });
    expect(session.playbackState).toBe('playing');
    expect(session.positions.at(-1)).toEqual({ duration: 600, position: 100, playbackRate: 1 });

    session.handlers.get('seekbackward')?.({});
    expect(player.getSnapshot().time).toBe(90);
    session.handlers.get('seekforward')?.({ seekOffset: 5 });
    expect(player.getSnapshot().time).toBe(95);
    session.handlers.get('seekto')?.({ seekTime: 300 });
    expect(player.getSnapshot().time).toBe(300);
    session.handlers.get('pause')?.({});
    expect(player.getSnapshot().status).toBe('paused');
    expect(session.playbackState).toBe('paused');
    session.handlers.get('play')?.({});
    await settle();
    expect(player.getSnapshot().status).toBe('playing');

    // previous exists, next does not: only the previous handler is set.
    expect(session.handlers.get('nexttrack')).toBeNull();
    expect(typeof session.handlers.get('previoustrack')).toBe('function');
    session.handlers.get('previoustrack')?.({});
    await settle();
    expect(player.getSnapshot().episode?.id).toBe(4);

    detach();
    expect(session.metadata).toBeNull();
    expect(session.handlers.get('play')).toBeNull();
  });

  it('keeps working when the browser rejects an action it does not support', async () => {
    recordEvents();
    const { player } = makePlayer();
    const session = fakeSession();
    const setActionHandler = session.setActionHandler;
    session.setActionHandler = (action, handler) => {
      if (action === 'seekto') throw new TypeError('seekto is not supported');
      setActionHandler(action, handler);
    };
    expect(() => attachMediaSession(player, session, { createMetadata: (init) => init })).not.toThrow();
    await player.play(episode(5));
    session.handlers.get('pause')?.({});
    expect(player.getSnapshot().status).toBe('paused');
  });

  it('is a no-op without the Media Session API', () => {
    const { player } = makePlayer();
    const detach = attachMediaSession(player, undefined);
    expect(() => detach()).not.toThrow();
  });
});

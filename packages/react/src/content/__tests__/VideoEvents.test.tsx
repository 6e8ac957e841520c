// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
// The video player's events in the bindings (issue 17): the open player listens to its frame and the
// client sends play / pause with the page's team, ignores frames of other origins, hides on error
// 150 and sends a pause when the reader closes a playing video. The frame is played by the test.
import type { VideoEventBody } from '@sportspyder/contract';
import { createClient, type SportSpyderClient } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SportSpyderProvider } from '../../SportSpyderProvider.js';
import { VideoList } from '../VideoList.js';
import { VideoPlayer } from '../VideoPlayer.js';
import { makeVideo } from './content-fixtures.js';

const received: { articleId: number; body: VideoEventBody }[] = [];
const server = setupServer(
  http.post('http://localhost/api/v1/videos/:articleId/events', async ({ request, params }) => {
    received.push({ articleId: Number(params.articleId), body: (await request.json()) as VideoEventBody });
    return HttpResponse.json({ event: { id: received.length } }, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let client: SportSpyderClient;
beforeEach(() => {
  received.length = 0;
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

const demo = makeVideo({
  id: 31,
  title: 'Demo reel',
  finalUrl: 'http://localhost:8080/demo/videos/Fk3dEmoVid01',
});

/** Gives the rendered frame a window that records the page's posts, and lets the test speak for it. */
function playFrame(title: string) {
  const frame = screen.getByTitle(title) as HTMLIFrameElement;
  const posted: { message: { event: string; id?: string }; origin: string }[] = [];
  const frameWindow = {
    postMessage: (message: string, origin: string) => posted.push({ message: JSON.parse(message), origin }),
  };
  Object.defineProperty(frame, 'contentWindow', { configurable: true, get: () => frameWindow });
  const say = (data: unknown, origin = location.origin, source: unknown = frameWindow) =>
    act(() => {
      const event = new MessageEvent('message', { data: JSON.stringify(data), origin });
      Object.defineProperty(event, 'source', { value: source });
      window.dispatchEvent(event);
    });
  return { frame, posted, say };
}

describe('VideoList with a client', () => {
  it("sends a play with the page's team when the frame plays, and a pause when it pauses", async () => {
    render(
      <SportSpyderProvider client={client}>
        <VideoList videos={[demo]} context={{ ctype: 'Team', cid: 9 }} />
      </SportSpyderProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Demo reel/ }));
    const { frame, posted, say } = playFrame('Demo reel');
    expect(frame.getAttribute('src')).toBe('/demo/videos/Fk3dEmoVid01');
    // The page says it listens, to its own origin only (the demo player is the site's own page).
    fireEvent.load(frame);
    expect(posted.at(-1)).toMatchObject({ message: { event: 'listening' }, origin: location.origin });
    await say({ event: 'initialDelivery', info: { playerState: -1, currentTime: 0, duration: 95 } });
    await say({ event: 'onStateChange', info: 1 });
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({
      articleId: 31,
      body: { eventType: 'play', time: 0, duration: 95, first: true, auto: false, ctype: 'Team', cid: 9 },
    });
    await say({ event: 'infoDelivery', info: { playerState: 2, currentTime: 7.4 } });
    await waitFor(() => expect(received).toHaveLength(2));
    expect(received[1]?.body).toMatchObject({ eventType: 'pause', time: 7 });
    expect(received[1]?.body).not.toHaveProperty('ctype');
  });

  it('ignores what another origin or another window says', async () => {
    render(
      <SportSpyderProvider client={client}>
        <VideoList videos={[demo]} />
      </SportSpyderProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Demo reel/ }));
    const { say } = playFrame('Demo reel');
    await say({ event: 'onStateChange', info: 1 }, 'https://evil.example');
    await say({ event: 'onStateChange', info: 1 }, location.origin, window);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(0);
  });

  it('sends a pause when the reader closes a playing video', async () => {
    render(
      <SportSpyderProvider client={client}>
        <VideoList videos={[demo]} />
      </SportSpyderProvider>,
    );
    const select = screen.getByRole('button', { name: /Demo reel/ });
    fireEvent.click(select);
    const { say } = playFrame('Demo reel');
    await say({ event: 'infoDelivery', info: { playerState: 1, currentTime: 3, duration: 95 } });
    fireEvent.click(select);
    expect(screen.queryByTitle('Demo reel')).toBeNull();
    await waitFor(() => expect(received.map((r) => r.body.eventType)).toEqual(['play', 'pause']));
  });
});

describe('VideoPlayer errors', () => {
  it('hides the player when its frame reports error 150, and tells the page', async () => {
    const onError = vi.fn();
    render(<VideoPlayer video={demo} onError={onError} />);
    const { say } = playFrame('Demo reel');
    await say({ event: 'onError', info: 150 });
    expect(screen.queryByTestId('video-player')).toBeNull();
    expect(onError).toHaveBeenCalledWith(150);
  });

  it('stays for an error that does not hide it', async () => {
    render(<VideoPlayer video={demo} />);
    const { say } = playFrame('Demo reel');
    await say({ event: 'onError', info: 5 });
    expect(screen.getByTestId('video-player')).toBeTruthy();
  });
});

// "Download for offline" on an episode (issue 49): a podcast host's episode is offered to members only,
// since its audio comes through the server's relay (members only), while the site's own audio is
// offered to anyone as before; a member's download goes through the relay and the control then says it
// plays offline; a refusal of the relay is said in the control. Cache Storage is an in-memory double
// (happy-dom has none).
import type { PodcastEpisode } from '@sportspyder/contract';
import { type CacheStorageLike, createClient, type SportSpyderClient } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { SportSpyderProvider } from '@sportspyder/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DownloadButton } from '../offline/DownloadButton.js';
import { DownloadsList } from '../offline/DownloadsList.js';
import { makeEpisode } from './content-fixtures.js';
import { API, backend, server, signedInSession, signedOutSession } from './fixtures.js';

const stored = new Map<string, Response>();
const memoryCaches: CacheStorageLike = {
  async open() {
    return {
      put: async (url, response) => void stored.set(url, response),
      delete: async (url) => stored.delete(url),
      keys: async () => [...stored.keys()].map((url) => ({ url })),
    };
  },
};

const hosted = (id: number): PodcastEpisode =>
  makeEpisode(`Hosted ${id}`, { id, enclosureUrl: `https://audio.test/${id}.mp3`, enclosureLength: 4 });
const own = (id: number): PodcastEpisode =>
  makeEpisode(`Own ${id}`, { id, enclosureUrl: `/demo/audio/${id}.wav`, enclosureLength: 4 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${API}/episodes/1`);
  vi.stubGlobal('caches', memoryCaches);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  backend.session = signedOutSession;
});
afterAll(() => {
  vi.unstubAllGlobals();
  server.close();
});

async function renderButton(episode: PodcastEpisode, withList = false): Promise<SportSpyderClient> {
  const client = createClient({
    baseUrl: API,
    storage: memoryStorage(),
    realtime: createFakeCable(),
    reload: vi.fn(),
    location: () => `${API}/`,
  });
  render(
    <SportSpyderProvider client={client}>
      <MemoryRouter>
        <DownloadButton episode={episode} />
        {withList && <DownloadsList />}
      </MemoryRouter>
    </SportSpyderProvider>,
  );
  await act(async () => {
    await client.start();
  });
  return client;
}

describe('the Download button', () => {
  it("is not offered to a visitor for a podcast host's episode, and is for the site's own audio", async () => {
    await renderButton(hosted(1));
    expect(screen.queryByRole('button', { name: 'Download for offline' })).toBeNull();
    cleanup();
    await renderButton(own(2));
    expect(await screen.findByRole('button', { name: 'Download for offline' })).toBeTruthy();
  });

  it("downloads a podcast host's episode for a member through the server's relay", async () => {
    backend.session = signedInSession();
    const relayed: string[] = [];
    server.use(
      http.get(`${API}/api/v1/podcast_episodes/:id/audio`, ({ params }) => {
        relayed.push(String(params.id));
        return new HttpResponse(new Uint8Array([1, 2, 3, 4]), { headers: { 'content-type': 'audio/mpeg' } });
      }),
    );
    await renderButton(hosted(3));
    fireEvent.click(await screen.findByRole('button', { name: 'Download for offline' }));
    expect((await screen.findByText('Downloaded: this episode plays offline.')).getAttribute('role')).toBe(
      'status',
    );
    expect(relayed).toEqual(['3']);
    expect([...stored.keys()]).toContain(`${API}/api/v1/podcast_episodes/3/audio`);
    expect(await screen.findByRole('button', { name: 'Remove download' })).toBeTruthy();
  });

  it("keeps a downloaded episode's title blurred in Downloads when the spoiler shield marked it, until revealed", async () => {
    backend.session = signedInSession();
    server.use(
      http.get(`${API}/api/v1/podcast_episodes/:id/audio`, () => {
        return new HttpResponse(new Uint8Array([1, 2, 3, 4]), { headers: { 'content-type': 'audio/mpeg' } });
      }),
    );
    const episode = { ...hosted(5), title: 'Packers beat Bears 24-17: instant reaction', spoiler: true };
    await renderButton(episode, true);
    fireEvent.click(await screen.findByRole('button', { name: 'Download for offline' }));
    const list = (await screen.findByRole('heading', { name: 'Downloads' })).closest(
      'section',
    ) as HTMLElement;
    const hiddenName = `${episode.podcast.title} episode (result hidden)`;
    const remove = await within(list).findByRole('button', { name: `Remove the download of ${hiddenName}` });
    expect(remove).toBeTruthy();
    // The title is not a link a screen reader reads, and no control is named after it.
    expect(within(list).queryByRole('link', { name: episode.title })).toBeNull();
    expect(within(list).getByText('Result hidden (spoiler shield)')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Reveal' }));
    expect(within(list).getByRole('link', { name: episode.title })).toBeTruthy();
    expect(
      within(list).getByRole('button', { name: `Remove the download of ${episode.title}` }),
    ).toBeTruthy();
  });

  it('says why when the relay refuses the episode', async () => {
    backend.session = signedInSession();
    const title = 'This episode is 1.5 GB, more than the 1.0 GB a download may take.';
    server.use(
      http.get(`${API}/api/v1/podcast_episodes/:id/audio`, () =>
        HttpResponse.json({ errors: [{ code: 'too_large', title }] }, { status: 422 }),
      ),
    );
    await renderButton(hosted(4));
    fireEvent.click(await screen.findByRole('button', { name: 'Download for offline' }));
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download for offline' })).toBeTruthy();
  });
});

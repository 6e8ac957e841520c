// The player components over the real core engine (fake media, msw for the events call): what a
// listener sees and what each control does to the engine.
import type { EpisodeRef } from '@sportspyder/contract';
import { createPlayer, createTransport, type Player } from '@sportspyder/core';
import { createFakeMedia, type FakeMedia, memoryStorage } from '@sportspyder/core/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlayButton, playButtonLabel } from '../PlayButton.js';
import { PlayerControls } from '../PlayerControls.js';
import { formatClock } from '../player-format.js';
import { SeekSlider } from '../SeekSlider.js';
import { SpeedSelect } from '../SpeedSelect.js';
import { useEpisodePlayState, usePlayerSnapshot } from '../usePlayer.js';
import { VolumeControl } from '../VolumeControl.js';

const BASE = 'http://localhost';
const server = setupServer();
const episode = (id: number): EpisodeRef => ({
  id,
  title: `Episode ${id}`,
  imageUrl: null,
  enclosureUrl: `https://audio.test/${id}.mp3`,
  duration: 600,
  publishedAt: '2026-11-20T10:00:00Z',
  podcast: { id: 1, title: 'The Pod', shortTitle: null, imageUrl: null },
});

let media: FakeMedia;
let player: Player;
let neighbours: [EpisodeRef | null, EpisodeRef | null] = [null, null];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  neighbours = [null, null];
  server.use(
    http.post(`${BASE}/api/v1/podcast_episodes/:id/events`, ({ params }) =>
      HttpResponse.json(
        {
          events: [
            {
              id: 1,
              episode: episode(Number(params.id)),
              prevEpisode: neighbours[0],
              nextEpisode: neighbours[1],
            },
          ],
        },
        { status: 201 },
      ),
    ),
  );
  media = createFakeMedia({ duration: 600 });
  player = createPlayer({
    media,
    storage: memoryStorage(),
    transport: createTransport({
      baseUrl: BASE,
      location: () => `${BASE}/`,
      cookies: () => '',
      sleep: async () => undefined,
      handlers: () => ({}),
    }),
    hash: 'h'.repeat(32),
    online: () => () => undefined,
  });
});
afterEach(() => {
  cleanup();
  player.destroy();
  server.resetHandlers();
});

function Bar() {
  const snapshot = usePlayerSnapshot(player);
  return (
    <div>
      <PlayerControls state={snapshot} actions={player} />
      <SeekSlider time={snapshot.time} duration={snapshot.duration} onSeek={(t) => player.seek(t)} />
      <SpeedSelect speed={snapshot.speed} onChange={(s) => player.setSpeed(s)} />
      <VolumeControl volume={snapshot.volume} onChange={(v) => player.setVolume(v)} />
    </div>
  );
}

function EpisodeButton({ item }: { item: EpisodeRef }) {
  const state = useEpisodePlayState(player, item.id);
  return (
    <PlayButton
      state={state}
      title={item.title}
      showText
      onClick={() => void (state === 'playing' || state === 'loading' ? player.pause() : player.play(item))}
    />
  );
}

const flush = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

describe('PlayButton', () => {
  it('goes Play -> Pause while playing -> Play after pause -> Completed at the end', async () => {
    render(<EpisodeButton item={episode(1)} />);
    const button = screen.getByRole('button', { name: 'Play Episode 1' });
    expect(button.textContent).toBe('Play');
    await act(async () => fireEvent.click(button));
    expect(screen.getByRole('button', { name: 'Pause Episode 1' }).getAttribute('aria-pressed')).toBe('true');
    expect(media.paused).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pause Episode 1' })));
    expect(media.paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Play Episode 1' })).toBeTruthy();
    await act(async () => {
      await player.play();
      media.advance(600_000);
    });
    const done = screen.getByRole('button', { name: 'Play again Episode 1' });
    expect(done.textContent).toBe('Completed');
    expect(done.getAttribute('data-state')).toBe('completed');
  });

  it('names every state', () => {
    expect(playButtonLabel('loading', 'X')).toBe('Pause X');
    expect(playButtonLabel('play')).toBe('Play');
  });
});

describe('PlayerControls and sliders', () => {
  it('toggles, skips back 10 s and forward 30 s, and shows the live time', async () => {
    render(<Bar />);
    await act(async () => {
      await player.play(episode(2));
      media.advance(60_000);
    });
    expect(screen.getByTestId('player-elapsed').textContent).toBe('1:00');
    fireEvent.click(screen.getByRole('button', { name: 'Back 10 seconds' }));
    expect(player.getSnapshot().time).toBe(50);
    fireEvent.click(screen.getByRole('button', { name: 'Forward 30 seconds' }));
    expect(player.getSnapshot().time).toBe(80);
    expect(screen.getByTestId('player-elapsed').textContent).toBe('1:20');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pause' })));
    expect(media.paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('disables previous and next until the server names neighbours', async () => {
    render(<Bar />);
    expect((screen.getByRole('button', { name: 'Previous episode' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Next episode' }) as HTMLButtonElement).disabled).toBe(true);
    neighbours = [episode(1), episode(3)];
    await act(async () => {
      await player.play(episode(2));
    });
    await flush();
    const next = screen.getByRole('button', { name: 'Next episode' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    await act(async () => fireEvent.click(next));
    expect(player.getSnapshot().episode?.id).toBe(3);
  });

  it('seeks with the slider, clamped and spoken as "m:ss of m:ss"', async () => {
    render(<Bar />);
    await act(async () => {
      await player.play(episode(4));
    });
    const slider = screen.getByRole('slider', { name: 'Seek' });
    fireEvent.change(slider, { target: { value: '125' } });
    expect(player.getSnapshot().time).toBe(125);
    expect(slider.getAttribute('aria-valuetext')).toBe('2:05 of 10:00');
  });

  it('sets the speed from the list and the volume with mute', async () => {
    render(<Bar />);
    const select = screen.getByRole('combobox', { name: 'Playback speed' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '1x',
      '1.2x',
      '1.5x',
      '1.7x',
      '2x',
      '2.5x',
    ]);
    fireEvent.change(select, { target: { value: '1.5' } });
    expect(media.playbackRate).toBe(1.5);
    fireEvent.change(screen.getByRole('slider', { name: 'Volume' }), { target: { value: '0.8' } });
    expect(media.volume).toBe(0.8);
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(media.volume).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(media.volume).toBe(0.8);
  });
});

describe('formatClock', () => {
  it('formats minutes and hours', () => {
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});

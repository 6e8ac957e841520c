// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
// Iframe page loading is off: the tests check the embed's address, they must not fetch YouTube.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { youtubeVideoId } from '../media-helpers.js';
import { VideoList } from '../VideoList.js';
import { VideoPlayer } from '../VideoPlayer.js';
import { makeVideo } from './content-fixtures.js';

afterEach(cleanup);

describe('youtubeVideoId', () => {
  it('reads watch, short, embed and shorts URLs and rejects others', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeVideoId(null)).toBeNull();
  });
});

describe('VideoPlayer', () => {
  const video = makeVideo({ title: 'Recap', finalUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });

  it("embeds the video from youtube-nocookie, speaking its player API to the page's origin only", () => {
    render(<VideoPlayer video={video} />);
    const frame = screen.getByTitle('Recap');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(
      `https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1&origin=${encodeURIComponent(location.origin)}`,
    );
  });

  it("plays a demo video in the server's own page, which works with no network", () => {
    render(
      <VideoPlayer
        video={makeVideo({ title: 'Demo', finalUrl: 'http://localhost:8080/demo/videos/Fk3dEmoVid01' })}
      />,
    );
    expect(screen.getByTitle('Demo').getAttribute('src')).toBe('/demo/videos/Fk3dEmoVid01');
  });

  it('shows no player for a video that is neither on YouTube nor a demo video', () => {
    render(<VideoPlayer video={makeVideo({ title: 'Other', finalUrl: 'https://example.com/video/1' })} />);
    expect(screen.queryByTestId('video-player')).toBeNull();
  });

  it.each([100, 101, 150])('is hidden on error %i', (code) => {
    render(<VideoPlayer video={video} error={code} />);
    expect(screen.queryByTestId('video-player')).toBeNull();
  });

  it('stays for other errors', () => {
    render(<VideoPlayer video={video} error={5} />);
    expect(screen.getByTestId('video-player')).toBeTruthy();
  });
});

describe('VideoList', () => {
  it('opens a video on select and closes it when selected again', () => {
    const videos = [makeVideo({ title: 'First' }), makeVideo({ title: 'Second' })];
    render(<VideoList videos={videos} />);
    expect(screen.queryByTestId('video-player')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /First/ }));
    expect(screen.getAllByTestId('video-player')).toHaveLength(1);
    expect(screen.getByTitle('First').getAttribute('src')).toContain('autoplay=1');
    fireEvent.click(screen.getByRole('button', { name: /Second/ }));
    expect(screen.queryByTitle('First')).toBeNull();
    expect(screen.getByTitle('Second')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Second/ }));
    expect(screen.queryByTestId('video-player')).toBeNull();
  });

  it('reports selection to a controlled parent and hides a player whose embed failed', () => {
    const videos = [makeVideo({ title: 'First' })];
    const onSelect = vi.fn();
    const id = videos[0]?.id ?? 0;
    const { rerender } = render(<VideoList videos={videos} selectedId={null} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: /First/ }));
    expect(onSelect).toHaveBeenCalledWith(id);
    rerender(<VideoList videos={videos} selectedId={id} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: /First/ }));
    expect(onSelect).toHaveBeenLastCalledWith(null);
    rerender(<VideoList videos={videos} selectedId={id} onSelect={onSelect} errors={{ [id]: 150 }} />);
    expect(screen.queryByTestId('video-player')).toBeNull();
  });

  it('shows its empty text without videos', () => {
    render(<VideoList videos={[]} emptyText="No videos" />);
    expect(screen.getByText('No videos')).toBeTruthy();
  });
});

describe('VideoList hide', () => {
  it('offers Hide per video and shows what replaces a hidden one', () => {
    const onHide = vi.fn();
    const a = makeVideo({ id: 1, title: 'First clip' });
    const b = makeVideo({ id: 2, title: 'Second clip' });
    const label = a.domain.label || a.domain.name;
    const { rerender } = render(<VideoList videos={[a, b]} onHide={onHide} />);
    fireEvent.click(screen.getAllByRole('button', { name: `Hide ${label}` })[0] as HTMLElement);
    expect(onHide).toHaveBeenCalledWith(a);
    rerender(
      <VideoList
        videos={[a, b]}
        onHide={onHide}
        renderItem={(video) => (video.id === 1 ? <p>First is hidden</p> : undefined)}
      />,
    );
    expect(screen.getByText('First is hidden')).toBeTruthy();
    expect(screen.queryByText('First clip')).toBeNull();
    expect(screen.getByText('Second clip')).toBeTruthy();
  });
});

describe('VideoPlayer pinning (spec 1 §4.6)', () => {
  const video = makeVideo({ title: 'Pinned recap', finalUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });

  /** Scrolls the page to `y` with the player's place at `top` in the page, and lets a frame pass. */
  async function scrollTo(y: number, top: number) {
    const place = screen.getByTestId('video-player');
    place.getBoundingClientRect = () => ({ top: top - y }) as DOMRect;
    window.scrollTo(0, y);
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 40));
    });
  }
  const box = () => screen.getByTestId('video-player-box');

  afterEach(() => window.scrollTo(0, 0));

  it('floats once the page has scrolled past it by more than its layout threshold, and goes back', async () => {
    render(<VideoPlayer video={video} pinLayout="teamDesktop" />);
    const frame = screen.getByTitle('Pinned recap');
    await scrollTo(400 + 436, 400);
    expect(box().className).not.toContain('is-pinned');
    await scrollTo(400 + 437, 400);
    expect(box().className).toContain('is-pinned');
    // The same frame: pinning must not reload the video.
    expect(screen.getByTitle('Pinned recap')).toBe(frame);
    await scrollTo(500, 400);
    expect(box().className).not.toContain('is-pinned');
  });

  it('uses the layout threshold: 411 px on mobile, 447 px in a sport column', async () => {
    const { unmount } = render(<VideoPlayer video={video} pinLayout="mobile" />);
    await scrollTo(412, 0);
    expect(box().className).toContain('is-pinned');
    unmount();
    render(<VideoPlayer video={video} pinLayout="sportDesktop" />);
    await scrollTo(440, 0);
    expect(box().className).not.toContain('is-pinned');
    await scrollTo(448, 0);
    expect(box().className).toContain('is-pinned');
  });

  it('can be sent back to its place, and never pins without a layout', async () => {
    const { unmount } = render(<VideoPlayer video={video} pinLayout="teamDesktop" />);
    await scrollTo(2000, 0);
    fireEvent.click(screen.getByRole('button', { name: 'Put the video back in its place' }));
    expect(box().className).not.toContain('is-pinned');
    unmount();
    render(<VideoPlayer video={video} />);
    await scrollTo(3000, 0);
    expect(box().className).not.toContain('is-pinned');
  });
});

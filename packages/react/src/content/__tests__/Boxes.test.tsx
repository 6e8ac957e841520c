import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PodcastBox } from '../PodcastBox.js';
import { SourceBox } from '../SourceBox.js';
import { makePodcast, makeSource, NOW } from './content-fixtures.js';

afterEach(cleanup);

const LONG = `${'word '.repeat(30)}end of the long description`;

describe('SourceBox', () => {
  it('shows name, up to 2 teams, volume and last-article label', () => {
    render(
      <SourceBox source={makeSource()} loggedIn onToggle={() => {}} onSignInRequired={() => {}} now={NOW} />,
    );
    expect(screen.getByRole('link', { name: 'Blogging The Boys' })).toBeTruthy();
    expect(screen.getByText('DAL, PHI')).toBeTruthy();
    expect(screen.getByText('2.5 articles/day')).toBeTruthy();
    expect(screen.getByText('New article yesterday')).toBeTruthy();
    expect(screen.getByText('Short description.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /see more/ })).toBeNull();
  });

  it('shows "No articles" for a source without articles', () => {
    render(
      <SourceBox
        source={makeSource({ lastArticle: null })}
        loggedIn
        onToggle={() => {}}
        onSignInRequired={() => {}}
        now={NOW}
      />,
    );
    expect(screen.getByText('No articles')).toBeTruthy();
  });

  it('previews a long description in 80 characters with see more / show less', () => {
    render(
      <SourceBox
        source={makeSource({ description: LONG })}
        loggedIn
        onToggle={() => {}}
        onSignInRequired={() => {}}
      />,
    );
    const text = () => document.querySelector('.ss-description__text')?.textContent ?? '';
    expect(text()).not.toContain('end of the long description');
    expect(text().replace('…', '').length).toBeLessThanOrEqual(80);
    fireEvent.click(screen.getByRole('button', { name: 'see more' }));
    expect(text()).toContain('end of the long description');
    fireEvent.click(screen.getByRole('button', { name: 'show less' }));
    expect(text()).not.toContain('end of the long description');
  });

  it('calls onToggle for members and onSignInRequired for visitors', () => {
    const onToggle = vi.fn();
    const onSignInRequired = vi.fn();
    const source = makeSource();
    const { rerender } = render(
      <SourceBox source={source} loggedIn={false} onToggle={onToggle} onSignInRequired={onSignInRequired} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Blogging The Boys' }));
    expect(onSignInRequired).toHaveBeenCalledTimes(1);
    expect(onToggle).not.toHaveBeenCalled();
    rerender(<SourceBox source={source} loggedIn onToggle={onToggle} onSignInRequired={onSignInRequired} />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Blogging The Boys' }));
    expect(onToggle).toHaveBeenCalledWith(source);
  });

  it('says Unsubscribe when following and is disabled while the call runs', async () => {
    let resolve: () => void = () => {};
    const onToggle = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(
      <SourceBox
        source={makeSource({ following: true })}
        loggedIn
        onToggle={onToggle}
        onSignInRequired={() => {}}
      />,
    );
    const button = screen.getByRole('button', { name: 'Unsubscribe Blogging The Boys' }) as HTMLButtonElement;
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    resolve();
    await waitFor(() => expect(button.disabled).toBe(false));
  });
});

describe('PodcastBox', () => {
  it('shows title, author, last-episode label and volume', () => {
    const podcast = makePodcast({
      title: 'Cowboys Cast',
      lastEpisode: {
        id: 1,
        title: 'Ep',
        imageUrl: null,
        enclosureUrl: '/e.mp3',
        duration: 60,
        publishedAt: '2026-11-21T08:00:00Z',
        podcast: { id: 1, title: 'Cowboys Cast', shortTitle: null, imageUrl: null },
      },
    });
    render(
      <PodcastBox
        podcast={podcast}
        loggedIn
        onToggle={() => {}}
        onSignInRequired={() => {}}
        monthlyVolume={4}
        now={NOW}
      />,
    );
    expect(screen.getByRole('link', { name: 'Cowboys Cast' }).getAttribute('href')).toBe(
      `/podcasts/${podcast.id}`,
    );
    expect(screen.getByText('Host')).toBeTruthy();
    expect(screen.getByText('New episode today')).toBeTruthy();
    expect(screen.getByText('4 podcasts/month')).toBeTruthy();
  });

  it('says "No episodes" without a last episode', () => {
    render(<PodcastBox podcast={makePodcast()} loggedIn onToggle={() => {}} onSignInRequired={() => {}} />);
    expect(screen.getByText('No episodes')).toBeTruthy();
  });

  it('toggles the description and sends visitors to sign in', () => {
    const onToggle = vi.fn();
    const onSignInRequired = vi.fn();
    render(
      <PodcastBox
        podcast={makePodcast({ title: 'Cast', description: LONG })}
        loggedIn={false}
        onToggle={onToggle}
        onSignInRequired={onSignInRequired}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'see more' }));
    expect(screen.getByRole('button', { name: 'show less' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Cast' }));
    expect(onSignInRequired).toHaveBeenCalledTimes(1);
    expect(onToggle).not.toHaveBeenCalled();
  });
});

// The spoiler shield's blur (issue 49): what a screen reader and a keyboard meet before and after
// "Reveal", on a headline, a game card, a video and a found episode.
import type { Game } from '@sportspyder/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { finishedGame, makeArticle, makeVideo, NOW } from '../../content/__tests__/content-fixtures.js';
import { ArticleCard } from '../../content/ArticleCard.js';
import { GameCard } from '../../content/GameCard.js';
import { VideoList } from '../../content/VideoList.js';
import { NameResultList } from '../../search-pages/NameResultList.js';
import { SpoilerBlur } from '../SpoilerBlur.js';

afterEach(cleanup);

describe('SpoilerBlur', () => {
  it('keeps the hidden line out of the accessibility tree, labels it and reveals it with a button', () => {
    const onReveal = vi.fn();
    render(
      <p>
        <SpoilerBlur hidden text="Cowboys beat Eagles 24-17" onReveal={onReveal}>
          <a href="https://news.example/recap">Cowboys beat Eagles 24-17</a>
        </SpoilerBlur>
      </p>,
    );
    // The blurred copy is aria-hidden plain text: no link to tab to, nothing read aloud.
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Cowboys beat Eagles 24-17').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByText('Result hidden (spoiler shield)')).toBeTruthy();
    const reveal = screen.getByRole('button', { name: 'Reveal' });
    fireEvent.click(reveal);
    expect(onReveal).toHaveBeenCalledTimes(1);
    const link = screen.getByRole('link', { name: 'Cowboys beat Eagles 24-17' });
    expect(link.closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reveal' })).toBeNull();
    expect(screen.queryByText('Result hidden (spoiler shield)')).toBeNull();
    // Focus goes to what was revealed, not to the page's start.
    expect(document.activeElement?.contains(link)).toBe(true);
  });

  it('renders the content as it is when nothing is hidden', () => {
    render(
      <SpoilerBlur hidden={false} text="Cowboys sign a kicker">
        <a href="https://news.example/k">Cowboys sign a kicker</a>
      </SpoilerBlur>,
    );
    expect(screen.getByRole('link', { name: 'Cowboys sign a kicker' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('marked answers', () => {
  it("blurs a headline the server marked as a spoiler, the card's context too", () => {
    render(
      <ArticleCard
        article={makeArticle({
          title: 'Cowboys beat Eagles 24-17',
          spoiler: true,
          context: 'won 24-17 at home',
        })}
        now={NOW}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Cowboys beat Eagles 24-17' })).toBeNull();
    expect(screen.queryByText('won 24-17 at home')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(screen.getByRole('link', { name: 'Cowboys beat Eagles 24-17' })).toBeTruthy();
  });

  it('shows a hidden game without its score and asks to reveal the game', () => {
    const game: Game = {
      ...finishedGame(24, 17),
      resultHidden: true,
      home: { ...finishedGame(24, 17).home, score: null, win: null },
      away: { ...finishedGame(24, 17).away, score: null, win: null },
    };
    const onReveal = vi.fn();
    render(<GameCard game={game} dateFormat={{ timeZone: 'UTC' }} onReveal={onReveal} />);
    expect(screen.getByText('Nov 21 - Final')).toBeTruthy();
    expect(screen.getByText('Result hidden (spoiler shield)')).toBeTruthy();
    // The stand-ins keep the card's shape and are never read.
    for (const score of document.querySelectorAll('.ss-game__score')) {
      expect(score.getAttribute('aria-hidden')).toBe('true');
    }
    expect(document.querySelector('[data-result]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Reveal the result of / }));
    expect(onReveal).toHaveBeenCalledWith(game.id);
  });

  it('blurs a marked video: no select button (its player shows the title) until "Reveal"', () => {
    const marked = makeVideo({ id: 501, title: 'Cowboys beat Eagles 24-17 | Highlights', spoiler: true });
    const plain = makeVideo({ id: 502, title: 'Cowboys practice report' });
    render(<VideoList videos={[marked, plain]} now={NOW} />);
    // One select button: the plain video's; the marked one's words are aria-hidden until revealed.
    expect(screen.getAllByRole('button', { name: /Cowboys/ }).map((b) => b.textContent)).toEqual([
      expect.stringContaining('Cowboys practice report'),
    ]);
    expect(
      screen.getByText('Cowboys beat Eagles 24-17 | Highlights').closest('[aria-hidden="true"]'),
    ).not.toBeNull();
    expect(screen.getByText('Result hidden (spoiler shield)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    const select = screen.getByRole('button', { name: /Cowboys beat Eagles 24-17/ });
    expect(select.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement?.contains(select)).toBe(true);
  });

  it('blurs a marked row of found names (an episode) and reveals the link', () => {
    render(
      <NameResultList
        query="eagles"
        items={[
          {
            key: 'episode-1',
            href: '/podcasts/7/episodes/1',
            name: 'Reacting to the Eagles loss',
            image: null,
            detail: 'Pod 7 · Nov 21, 2026',
            spoiler: true,
          },
          {
            key: 'episode-2',
            href: '/podcasts/7/episodes/2',
            name: 'Eagles mailbag',
            image: null,
            detail: 'Pod 7',
          },
        ]}
      />,
    );
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/podcasts/7/episodes/2',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(screen.getByRole('link', { name: /Reacting to the Eagles loss/ }).getAttribute('href')).toBe(
      '/podcasts/7/episodes/1',
    );
  });
});

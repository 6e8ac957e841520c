import { adSlots } from '@sportspyder/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ArticleCard } from '../ArticleCard.js';
import { ArticleList } from '../ArticleList.js';
import { SubArticleList } from '../SubArticleList.js';
import { cowboys, eagles, giants, makeArticle, makeSubArticle, NOW } from './content-fixtures.js';

afterEach(cleanup);

/** The list's children as 'item:<title>' / 'ad:<slot>' in order. */
function order(): string[] {
  const list = document.querySelector('.ss-article-list');
  if (!list) throw new Error('no list');
  return Array.from(list.children).map((li) => {
    const ad = li.querySelector('[data-ad-slot]');
    if (ad) return `ad:${ad.getAttribute('data-ad-slot')}`;
    return `item:${li.querySelector('h3')?.textContent}`;
  });
}

const articles = (n: number) => Array.from({ length: n }, (_, i) => makeArticle({ title: `A${i}` }));

describe('ArticleCard', () => {
  it('links the title to the publisher, in a new window only when asked', () => {
    const article = makeArticle({ title: 'Big win', finalUrl: 'https://pub.example/x' });
    const { rerender } = render(<ArticleCard article={article} now={NOW} />);
    const link = screen.getByRole('link', { name: 'Big win' });
    expect(link.getAttribute('href')).toBe('https://pub.example/x');
    expect(link.getAttribute('target')).toBeNull();
    rerender(<ArticleCard article={article} now={NOW} linksInNewWindow />);
    expect(screen.getByRole('link', { name: 'Big win' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Big win' }).getAttribute('rel')).toContain('noopener');
  });

  it('shows source, relative time, at most 2 teams and players, and the hot and paywall markers', () => {
    const article = makeArticle({
      postedDate: '2026-11-21T09:00:00Z',
      hot: true,
      paywall: true,
      teams: [cowboys, eagles, giants],
      players: [
        { id: 1, name: 'Dak Prescott', slug: 'dak-prescott' },
        { id: 2, name: 'CeeDee Lamb', slug: 'ceedee-lamb' },
        { id: 3, name: 'Third Guy', slug: 'third-guy' },
      ],
    });
    render(<ArticleCard article={article} now={NOW} />);
    expect(screen.getByText('Example News')).toBeTruthy();
    expect(screen.getByText('3h ago')).toBeTruthy();
    expect(screen.getByText('Hot')).toBeTruthy();
    expect(screen.getByText('This article may be behind a paywall')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'DAL' }).getAttribute('href')).toBe('/nfl/dallas-cowboys/news');
    expect(screen.getByRole('link', { name: 'PHI' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'NYG' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Dak Prescott' }).getAttribute('href')).toBe(
      '/players/dak-prescott',
    );
    expect(screen.queryByRole('link', { name: 'Third Guy' })).toBeNull();
  });

  it('shows no paywall hint or hot marker on ordinary articles', () => {
    render(<ArticleCard article={makeArticle()} now={NOW} />);
    expect(screen.queryByText(/paywall/)).toBeNull();
    expect(screen.queryByText('Hot')).toBeNull();
  });

  it('shows a pictured article with its thumbnail', () => {
    const article = makeArticle({
      teams: [cowboys],
      articleImage: { url: 'https://cdn.example/photo.jpg', homeUrl: 'https://news.example/1' },
    });
    render(<ArticleCard article={article} now={NOW} />);
    const card = screen.getByTestId('article-card');
    expect(card.classList.contains('ss-article--picture')).toBe(true);
    expect(card.querySelector('.ss-article__image img')?.getAttribute('src')).toBe(
      'https://cdn.example/photo.jpg',
    );
    expect(card.querySelector('.ss-article__mark')).toBeNull();
  });

  it("shows a picture-less article compactly: a small team mark, never the team's logo as a thumbnail", () => {
    // The team's logo as the item's image (as feeds without photos carry it) is not a picture.
    for (const articleImage of [null, { url: cowboys.logo, homeUrl: 'https://news.example/1' }]) {
      render(<ArticleCard article={makeArticle({ teams: [cowboys, eagles], articleImage })} now={NOW} />);
      const card = screen.getByTestId('article-card');
      expect(card.classList.contains('ss-article--text')).toBe(true);
      expect(card.querySelector('.ss-article__image')).toBeNull();
      const mark = card.querySelector('img.ss-article__mark');
      expect(mark?.getAttribute('src')).toBe(cowboys.logo);
      expect([mark?.getAttribute('width'), mark?.getAttribute('height')]).toEqual(['40', '40']);
      // The only other images are the 16-pixel logos of the team tags.
      const others = [...card.querySelectorAll('img')].filter((img) => img !== mark);
      expect(others.every((img) => img.getAttribute('width') === '16')).toBe(true);
      cleanup();
    }
  });

  it('shows an untagged, picture-less article as text alone', () => {
    render(<ArticleCard article={makeArticle({ title: 'League news' })} now={NOW} />);
    expect(screen.getByTestId('article-card').querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'League news' })).toBeTruthy();
  });
});

describe('SubArticleList', () => {
  it('shows all 5 grouped articles without a button', () => {
    render(<SubArticleList items={Array.from({ length: 5 }, () => makeSubArticle())} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the first 4 and "show N more" above 5, then all after the click', () => {
    render(<SubArticleList items={Array.from({ length: 7 }, () => makeSubArticle())} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'show 3 more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders nothing without grouped articles', () => {
    const { container } = render(<SubArticleList items={[]} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('ArticleList', () => {
  it('places ad containers after items 2, 7 and 11 on desktop by default', () => {
    render(<ArticleList articles={articles(13)} platform="desktop" />);
    expect(order()).toEqual([
      'item:A0',
      'item:A1',
      'item:A2',
      'ad:2',
      'item:A3',
      'item:A4',
      'item:A5',
      'item:A6',
      'item:A7',
      'ad:7',
      'item:A8',
      'item:A9',
      'item:A10',
      'item:A11',
      'ad:11',
      'item:A12',
    ]);
  });

  it('uses the core positions for the team context on mobile, and none from page 5', () => {
    const { rerender } = render(<ArticleList articles={articles(13)} context="team" platform="mobile" />);
    const slots = screen.getAllByTestId('ad-slot').map((el) => Number(el.getAttribute('data-ad-slot')));
    expect(slots).toEqual([...adSlots({ list: 'articles', context: 'team', platform: 'mobile' })]);
    expect(slots).toEqual([1, 4, 8, 12]);
    rerender(<ArticleList articles={articles(13)} context="team" platform="mobile" page={5} />);
    expect(screen.queryAllByTestId('ad-slot')).toHaveLength(0);
  });

  it('reserves the ad size and marks the slot with data attributes', () => {
    render(<ArticleList articles={articles(4)} context="single" platform="desktop" />);
    const ad = screen.getByTestId('ad-slot');
    expect(ad.getAttribute('data-ad-list')).toBe('articles');
    expect(ad.getAttribute('data-ad-context')).toBe('single');
    expect(ad.getAttribute('data-ad-platform')).toBe('desktop');
    expect(ad.getAttribute('data-ad-slot')).toBe('1');
    expect(ad.style.minHeight).toBe('250px');
    expect(ad.childElementCount).toBe(0);
    expect(document.querySelector('script')).toBeNull();
  });

  it('shows no ads when adsVisible is false (PRO)', () => {
    render(<ArticleList articles={articles(13)} platform="desktop" adsVisible={false} />);
    expect(screen.queryAllByTestId('ad-slot')).toHaveLength(0);
    expect(screen.getAllByTestId('article-card')).toHaveLength(13);
  });

  it('renders team feed inserts after their items', () => {
    render(
      <ArticleList
        articles={articles(8)}
        context="team"
        platform="desktop"
        adsVisible={false}
        inserts={[{ kind: 'newsletter', afterIndex: 6 }]}
        renderInsert={(kind) => <h3>insert {kind}</h3>}
      />,
    );
    expect(order().slice(6, 9)).toEqual(['item:A6', 'item:insert newsletter', 'item:A7']);
  });

  it('shows the empty state without articles', () => {
    render(<ArticleList articles={[]} platform="desktop" emptyText="There are no recent articles for Dak" />);
    const empty = screen.getByRole('status');
    expect(within(empty).getByText('No Articles')).toBeTruthy();
    expect(within(empty).getByText('There are no recent articles for Dak')).toBeTruthy();
  });
});

import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SportNav } from '../components/SportNav.js';
import { sports, topics } from './fixtures.js';

function entry(name: string): HTMLElement {
  const li = screen.getByRole('link', { name }).closest('li');
  if (!li) throw new Error(`no entry ${name}`);
  return li;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('SportNav', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows one entry per sport with the short names, plus More', () => {
    render(<SportNav sports={sports} topics={topics} />);
    const nav = screen.getByRole('navigation', { name: 'Sports' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual(['NFL', 'Premier', 'NCAAB', 'NCAAF', 'More sports']);
    expect(screen.getByRole('link', { name: 'NCAAB' }).getAttribute('href')).toBe('/sports/mcb');
  });

  it('adds More only with the sports, so it never jumps from the bar’s start to its end', () => {
    const { rerender } = render(<SportNav sports={[]} topics={[]} />);
    expect(within(screen.getByRole('navigation', { name: 'Sports' })).queryAllByRole('link')).toEqual([]);
    rerender(<SportNav sports={sports} topics={topics} />);
    const links = within(screen.getByRole('navigation', { name: 'Sports' })).getAllByRole('link');
    expect(links.at(-1)?.textContent).toBe('More sports');
  });

  it('opens a menu 100 ms after the pointer enters, not before', () => {
    render(<SportNav sports={sports} topics={topics} />);
    fireEvent.mouseEnter(entry('NFL'));
    advance(99);
    expect(screen.queryByTestId('sport-menu-nfl')).toBeNull();
    advance(1);
    const menu = screen.getByTestId('sport-menu-nfl');
    const hrefs = Object.fromEntries(
      ['Teams', 'Popular', 'News', 'Podcasts', 'Players'].map((name) => [
        name,
        within(menu).getByRole('link', { name }).getAttribute('href'),
      ]),
    );
    expect(hrefs).toEqual({
      Teams: '/sports/nfl/teams',
      Popular: '/sports/nfl',
      News: '/sports/nfl/news',
      Podcasts: '/sports/nfl/podcasts',
      Players: '/sports/nfl/players',
    });
  });

  it('does not open when the pointer passes through in under 100 ms', () => {
    render(<SportNav sports={sports} topics={topics} />);
    fireEvent.mouseEnter(entry('NFL'));
    advance(60);
    fireEvent.mouseLeave(entry('NFL'));
    advance(500);
    expect(screen.queryByTestId('sport-menu-nfl')).toBeNull();
  });

  it('closes 200 ms after the pointer leaves', () => {
    render(<SportNav sports={sports} topics={topics} />);
    fireEvent.mouseEnter(entry('NFL'));
    advance(100);
    fireEvent.mouseLeave(entry('NFL'));
    advance(199);
    expect(screen.getByTestId('sport-menu-nfl')).toBeTruthy();
    advance(1);
    expect(screen.queryByTestId('sport-menu-nfl')).toBeNull();
  });

  it('groups teams by division, division 56 titled with a dash, teams linking to their news', () => {
    render(<SportNav sports={sports} topics={topics} />);
    fireEvent.mouseEnter(entry('NFL'));
    advance(100);
    const menu = screen.getByTestId('sport-menu-nfl');
    const titles = within(menu)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(titles).toEqual(['NFC North', '–']);
    expect(within(menu).queryByText('Unnamed')).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Green Bay Packers' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/news',
    );
  });

  it('groups college teams by conference, shows locations, and switches conference 100 ms after hover', () => {
    render(<SportNav sports={sports} topics={topics} />);
    fireEvent.mouseEnter(entry('NCAAB'));
    advance(100);
    const menu = screen.getByTestId('sport-menu-mcb');
    // The first conference is shown, with team locations rather than names.
    expect(within(menu).getByRole('link', { name: 'Duke' }).getAttribute('href')).toBe(
      '/mcb/duke-blue-devils/news',
    );
    expect(within(menu).queryByText(/Blue Devils/)).toBeNull();

    const bigTen = within(menu).getByRole('button', { name: 'Big Ten' }).closest('li') as HTMLElement;
    fireEvent.mouseEnter(bigTen);
    advance(99);
    expect(within(menu).queryByRole('link', { name: 'Purdue' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Duke' })).toBeTruthy();
    advance(1);
    expect(within(menu).getByRole('link', { name: 'Purdue' }).getAttribute('href')).toBe(
      '/mcb/purdue-boilermakers/news',
    );
    expect(within(menu).getByRole('link', { name: 'Michigan State' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Duke' })).toBeNull();
  });

  it('lists the topics under More split in two halves linking to /s/{slug}', () => {
    render(<SportNav sports={sports} topics={topics} />);
    fireEvent.mouseEnter(entry('More sports'));
    advance(100);
    const columns = screen.getAllByTestId('more-column');
    expect(columns).toHaveLength(2);
    const names = columns.map((column) =>
      within(column)
        .getAllByRole('link')
        .map((a) => a.textContent),
    );
    expect(names).toEqual([
      ['Golf', 'Tennis', 'Formula 1'],
      ['NASCAR', 'UFC'],
    ]);
    expect(screen.getByRole('link', { name: 'Formula 1' }).getAttribute('href')).toBe('/s/formula-1');
  });

  it('closes the menu when one of its links is followed', () => {
    render(<SportNav sports={sports} topics={topics} />);
    fireEvent.mouseEnter(entry('NFL'));
    advance(100);
    fireEvent.click(within(screen.getByTestId('sport-menu-nfl')).getByRole('link', { name: 'News' }));
    expect(screen.queryByTestId('sport-menu-nfl')).toBeNull();
  });
});

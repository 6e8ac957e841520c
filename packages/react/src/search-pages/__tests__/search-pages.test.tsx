import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NameResultList } from '../NameResultList.js';
import { NoSearchResults } from '../NoSearchResults.js';
import { SearchOrderControls } from '../SearchOrderControls.js';
import { SearchSection } from '../SearchSection.js';
import { stopWordsText } from '../StopWordsNote.js';

afterEach(cleanup);

describe('NameResultList', () => {
  it('links each name to its page, marks the query and says what it is', () => {
    render(
      <NameResultList
        query="green pack"
        items={[
          {
            key: 'team-9',
            href: '/nfl/green-bay-packers',
            name: 'Green Bay Packers',
            image: '/logo.svg',
            detail: 'NFL',
          },
          { key: 'topic-2', href: '/s/golf', name: 'Golf', image: null, detail: 'Topic' },
        ]}
      />,
    );
    // happy-dom lays <mark> out as a block in accessible names ("Pack ers"): read the text instead.
    const [link, golf] = screen.getAllByRole('link');
    expect(link?.textContent).toBe('Green Bay Packers NFL');
    expect(link?.getAttribute('href')).toBe('/nfl/green-bay-packers');
    expect([...(link?.querySelectorAll('mark') ?? [])].map((m) => m.textContent)).toEqual(['Green', 'Pack']);
    expect(golf?.getAttribute('href')).toBe('/s/golf');
    expect(golf?.querySelector('[aria-hidden="true"]')?.textContent).toBe('G');
  });
});

describe('NoSearchResults', () => {
  it("shows the spec's texts with the contact link and the ignored words", () => {
    render(<NoSearchResults stopWords={['the', 'of']} />);
    expect(screen.getByText('No results found')).toBeTruthy();
    const link = screen.getByRole('link', {
      name: "Hey we're not perfect! Tell us who we should be following.",
    });
    expect(link.getAttribute('href')).toBe('/contact/1');
    expect(screen.getByText('Common words were left out of your search: "the", "of".')).toBeTruthy();
  });

  it('says nothing about ignored words when there were none', () => {
    expect(stopWordsText([])).toBeNull();
  });
});

describe('SearchOrderControls', () => {
  it('offers Newest/Relevance and the four time filters under labels, and reports a change', () => {
    const onChange = vi.fn();
    render(<SearchOrderControls sort="newest" filter="anytime" onChange={onChange} />);
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    const time = screen.getByLabelText('Time') as HTMLSelectElement;
    expect([...sort.options].map((o) => o.text)).toEqual(['Newest', 'Relevance']);
    expect([...time.options].map((o) => o.text)).toEqual(['Anytime', 'Past day', 'Past week', 'Past month']);
    fireEvent.change(time, { target: { value: 'week' } });
    expect(onChange).toHaveBeenCalledWith({ sort: 'newest', filter: 'week' });
    fireEvent.change(sort, { target: { value: 'relevance' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'relevance', filter: 'anytime' });
  });

  it('keeps each label with its select, so a narrow screen never wraps "Time" away from its select', () => {
    render(<SearchOrderControls sort="newest" filter="anytime" onChange={() => undefined} />);
    for (const name of ['Sort by', 'Time']) {
      const select = screen.getByLabelText(name);
      const label = screen.getByText(name, { selector: 'label' });
      // One wrapping piece each: the label and its select share a parent that holds nothing else.
      expect(label.parentElement).toBe(select.parentElement);
      expect(select.parentElement?.children).toHaveLength(2);
    }
  });
});

describe('SearchSection', () => {
  it('is a labelled region with the count and a link to all results', () => {
    render(
      <SearchSection title="Teams" count={1234} allHref="/search/teams?q=chi">
        <p>rows</p>
      </SearchSection>,
    );
    expect(screen.getByRole('region', { name: 'Teams (1,234)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all teams' }).getAttribute('href')).toBe(
      '/search/teams?q=chi',
    );
  });
});

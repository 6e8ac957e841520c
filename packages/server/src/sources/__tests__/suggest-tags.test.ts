// The sport and teams suggested for a new feed from its items: a team blog gets its team and sport, a
// rival named once is not suggested, a league-wide outlet gets its sport only.
import { describe, expect, it } from 'vitest';
import { buildTagIndex } from '../../ingest/tagging/build-index.js';
import { suggestTags } from '../suggest-tags.js';

const index = buildTagIndex({
  sports: [
    { id: 1, slug: 'nfl', name: 'NFL' },
    { id: 2, slug: 'nba', name: 'NBA' },
  ],
  teams: [
    {
      id: 10,
      slug: 'green-bay-packers',
      sportSlug: 'nfl',
      name: 'Packers',
      fullName: 'Green Bay Packers',
      location: 'Green Bay',
    },
    {
      id: 11,
      slug: 'chicago-bears',
      sportSlug: 'nfl',
      name: 'Bears',
      fullName: 'Chicago Bears',
      location: 'Chicago',
    },
    {
      id: 12,
      slug: 'dallas-cowboys',
      sportSlug: 'nfl',
      name: 'Cowboys',
      fullName: 'Dallas Cowboys',
      location: 'Dallas',
    },
    {
      id: 20,
      slug: 'boston-celtics',
      sportSlug: 'nba',
      name: 'Celtics',
      fullName: 'Boston Celtics',
      location: 'Boston',
    },
  ],
  topics: [],
});
const items = (...titles: string[]) => titles.map((title) => ({ title }));

describe('suggestTags', () => {
  it("suggests a team blog's team and its sport, not the rival it names once", () => {
    const suggested = suggestTags(
      index,
      items(
        'Green Bay Packers sign a kicker',
        'Packers practice notes',
        'Packers defense ranks third',
        'Chicago Bears at Packers: what to watch',
        'A quiet week in Green Bay for the Packers',
      ),
    );
    expect(suggested).toEqual({ teamIds: [10], sportId: 1 });
  });

  it('gives a league-wide outlet its sport and no team', () => {
    const suggested = suggestTags(
      index,
      items(
        'Packers beat Bears in the NFL opener',
        'Cowboys sign a receiver',
        'NFL trade deadline: what to know',
        'NFL power rankings, week 9',
        'Bears fire their coordinator',
        'NFL injury report roundup',
        'Cowboys and Packers lead the NFC',
        'NFL awards watch',
        'NFL: the week in review',
        'Fantasy football: the waiver wire',
      ),
    );
    expect(suggested.teamIds).toEqual([]);
    expect(suggested.sportId).toBe(1);
  });

  it('suggests nothing for a feed about nothing it knows, or an empty feed', () => {
    expect(suggestTags(index, items('Weather update', 'Local elections'))).toEqual({
      teamIds: [],
      sportId: null,
    });
    expect(suggestTags(index, [])).toEqual({ teamIds: [], sportId: null });
  });

  it("takes a one-item feed's team", () => {
    expect(suggestTags(index, items('Boston Celtics win the opener'))).toEqual({ teamIds: [20], sportId: 2 });
  });
});

import { describe, expect, it } from 'vitest';
import { articleMark, articlePicture } from '../article-picture.js';

const packers = { logo: '/logos/teams/green-bay-packers.svg' };

describe('articlePicture', () => {
  it("keeps the article's own picture", () => {
    expect(articlePicture({ articleImage: { url: 'https://cdn.example/p.jpg' }, teams: [packers] })).toBe(
      'https://cdn.example/p.jpg',
    );
  });

  it('counts a missing or empty image as none', () => {
    expect(articlePicture({ articleImage: null, teams: [packers] })).toBeNull();
    expect(articlePicture({ articleImage: { url: '' } })).toBeNull();
    expect(articlePicture({})).toBeNull();
  });

  it("counts the site's generated marks and a tagged team's logo as none", () => {
    expect(articlePicture({ articleImage: { url: '/logos/sports/nfl.svg' }, teams: [] })).toBeNull();
    // The same logo, made absolute by a feed or an embed.
    expect(
      articlePicture({
        articleImage: { url: 'https://sportspyder.example/logos/teams/green-bay-packers.svg' },
        teams: [packers],
      }),
    ).toBeNull();
    expect(
      articlePicture({
        articleImage: { url: 'https://cdn.example/team.png' },
        teams: [{ logo: 'https://cdn.example/team.png' }],
      }),
    ).toBeNull();
  });
});

describe('articleMark', () => {
  it("is the first tagged team's logo, or none", () => {
    expect(articleMark({ teams: [{ logo: '' }, packers] })).toBe(packers.logo);
    expect(articleMark({ teams: [] })).toBeNull();
  });
});

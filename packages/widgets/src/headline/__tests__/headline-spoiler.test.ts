// The embed's share of the spoiler shield (issue 49): a headline the server marked is blurred by one class
// and named "Result hidden (spoiler shield)" to screen readers, its words never in the link's name or a
// tooltip; other headlines are unchanged.
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import type { Headline } from '../fetch-headlines.js';
import { HeadlineList } from '../HeadlineList.js';

const headline = (id: number, title: string, spoiler?: boolean): Headline => ({
  id,
  title,
  url: `https://news.example/${id}`,
  source: 'News Example',
  postedAt: '2026-11-22T01:00:00Z',
  image: undefined,
  spoiler,
});

describe('HeadlineList with a spoiler', () => {
  it('blurs the marked headline and names it by its label only', () => {
    const root = document.createElement('div');
    render(
      h(HeadlineList, {
        view: {
          status: 'ok',
          headlines: [headline(1, 'Packers beat Bears 24-17', true), headline(2, 'Packers sign a kicker')],
        },
        limit: 6,
        teamName: 'Packers',
        moreUrl: 'https://sportspyder.example/nfl/green-bay-packers/news',
        now: Date.parse('2026-11-22T03:00:00Z'),
      }),
      root,
    );
    const [spoiler, plain] = [...root.querySelectorAll('li.row a')];
    expect(spoiler?.className).toBe('sp');
    expect(spoiler?.getAttribute('aria-label')).toBe('Result hidden (spoiler shield)');
    expect(spoiler?.getAttribute('title')).toBeNull();
    expect(plain?.className).toBe('');
    expect(plain?.getAttribute('aria-label')).toBeNull();
    expect(plain?.getAttribute('title')).toBe('Packers sign a kicker');
  });
});

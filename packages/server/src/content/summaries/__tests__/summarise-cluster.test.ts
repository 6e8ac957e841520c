import { describe, expect, it } from 'vitest';
import { MAX_HIGHLIGHTS, MAX_SUMMARY_CHARS, splitSentences, summariseCluster } from '../summarise-cluster.js';

const quillStory = [
  {
    id: 1,
    title: 'Jordan Quill throws four touchdowns as Alphas beat Betas',
    summary:
      'Alphas quarterback Jordan Quill threw four touchdowns in a 24-17 win over the Betas. The crowd was loud.',
  },
  {
    id: 2,
    title: 'Quill leads Alphas past Betas',
    summary:
      'Fans enjoyed a sunny afternoon. Jordan Quill and the Alphas beat the Betas 24-17 with four touchdowns.',
  },
  {
    id: 3,
    title: 'Alphas top Betas behind Quill',
    summary: 'Jordan Quill was sharp again as the Alphas won.',
  },
];

describe('summariseCluster', () => {
  it.each([
    {
      name: 'picks the sentence sharing the most terms used across the story',
      articles: quillStory,
      text: 'Jordan Quill and the Alphas beat the Betas 24-17 with four touchdowns.',
      highlights: ['Jordan Quill', 'Alphas', 'Betas', 'touchdowns', 'beat'],
    },
    {
      name: 'uses the only article of a one-article story',
      articles: [
        {
          id: 4,
          title: 'Alphas sign backup kicker',
          summary: 'The Alphas signed a backup kicker on Tuesday.',
        },
      ],
      text: 'The Alphas signed a backup kicker on Tuesday.',
      highlights: ['Tuesday', 'Alphas', 'backup', 'kicker', 'signed'],
    },
    {
      name: 'falls back to titles when articles have no summary',
      articles: [
        { id: 1, title: 'Betas fire coach Sam Ray after losing streak', summary: null },
        { id: 2, title: 'Sam Ray out as Betas coach', summary: '' },
      ],
      text: 'Betas fire coach Sam Ray after losing streak',
      highlights: ['Sam Ray', 'Betas', 'coach'],
    },
    {
      name: 'appends the next sentence when the best one is short',
      articles: [
        {
          id: 1,
          title: 'Gammas trade Lee',
          summary: 'Gammas trade Lee. The deal sends him to the Alphas for two picks.',
        },
        { id: 2, title: 'Lee traded', summary: 'Lee is gone from the Gammas.' },
      ],
      text: 'Gammas trade Lee. The deal sends him to the Alphas for two picks.',
      highlights: ['Gammas', 'Lee'],
    },
    { name: 'answers nothing for an empty cluster', articles: [], text: '', highlights: [] },
  ])('$name', ({ articles, text, highlights }) => {
    expect(summariseCluster(articles)).toEqual({ text, highlights });
  });

  it('prefers the earlier article when sentences score the same', () => {
    const summary = summariseCluster([
      { id: 1, title: 'Alphas win', summary: 'Alphas win big at home tonight.' },
      { id: 2, title: 'Alphas win', summary: 'Alphas win big at home tonight again.' },
    ]);
    expect(summary.text).toBe('Alphas win big at home tonight.');
  });

  it('caps the text and the highlights', () => {
    const long = `Alphas ${'really '.repeat(80)}won.`;
    const summary = summariseCluster([
      { id: 1, title: 'Alpha Beta Gamma Delta Epsilon Zeta Eta', summary: long },
    ]);
    expect(summary.text.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(summary.text.endsWith('…')).toBe(true);
    expect(summary.highlights.length).toBeLessThanOrEqual(MAX_HIGHLIGHTS);
  });
});

describe('splitSentences', () => {
  it.each([
    ['One. Two! Three? four', ['One.', 'Two!', 'Three? four']],
    ['Dr. Smith met St. Louis fans. Then left.', ['Dr. Smith met St. Louis fans.', 'Then left.']],
    ['He said "Go." "Now," she said.', ['He said "Go."', '"Now," she said.']],
    ['  spaced   out\ttext. 24 points ', ['spaced out text.', '24 points']],
  ])('splits %j', (text, expected) => {
    expect(splitSentences(text)).toEqual(expected);
  });
});

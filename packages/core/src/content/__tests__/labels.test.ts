// Labels and texts of spec 2 §2, §4, §5, §8, §9: episode and source labels, volumes, toasts,
// newsletter messages, empty states, the paywall hint and the widget snippet with its limit rule.
import { describe, expect, it } from 'vitest';
import {
  articlesPerDayLabel,
  calendarDaysAgo,
  lastEpisodeLabel,
  podcastsPerMonthLabel,
  sourceLastArticleLabel,
} from '../content-labels.js';
import {
  latestNewsTitle,
  NEWSLETTER_SUCCESS_TEXT,
  newsletterError,
  noPodcastsText,
  noPostsText,
  noTeamsFoundText,
  nothingHiddenText,
  paywallHint,
  subscriptionToast,
  teamFollowToast,
} from '../content-texts.js';
import { normalizeWidgetLimit, widgetSnippet } from '../widget-snippet.js';

const now = new Date(2026, 10, 22, 9, 30); // 22 Nov 2026, 09:30 local time

describe('lastEpisodeLabel', () => {
  it.each([
    [null, 'No episodes'],
    [undefined, 'No episodes'],
    [new Date(2026, 10, 22, 0, 5), 'New episode today'],
    [new Date(2026, 10, 22, 23, 0), 'New episode today'],
    [new Date(2026, 10, 21, 23, 59), 'New episode yesterday'],
    [new Date(2026, 10, 21, 0, 1), 'New episode yesterday'],
    [new Date(2026, 10, 20, 12, 0), 'Last episode 2 days ago'],
    [new Date(2026, 9, 23, 12, 0), 'Last episode 30 days ago'],
  ])('%s → %s', (date, label) => {
    expect(lastEpisodeLabel(date, now)).toBe(label);
  });

  it('reads ISO strings', () => {
    expect(lastEpisodeLabel(new Date(2026, 10, 19, 8).toISOString(), now)).toBe('Last episode 3 days ago');
    expect(calendarDaysAgo(new Date(2026, 10, 25), now)).toBe(0);
  });
});

describe('sourceLastArticleLabel', () => {
  it.each([
    [null, 'No articles'],
    [new Date(2026, 10, 22, 1), 'New article today'],
    [new Date(2026, 10, 21, 22), 'New article yesterday'],
    [new Date(2026, 10, 15, 10), 'Last article 7 days ago'],
  ])('%s → %s', (date, label) => {
    expect(sourceLastArticleLabel(date, now)).toBe(label);
  });
});

describe('volumes', () => {
  it.each([
    [0, '0 articles/day'],
    [3, '3 articles/day'],
    [0.46, '0.5 articles/day'],
    [12.04, '12 articles/day'],
  ])('%s per day → %s', (value, label) => {
    expect(articlesPerDayLabel(value)).toBe(label);
  });

  it('writes podcasts per month', () => {
    expect(podcastsPerMonthLabel(8)).toBe('8 podcasts/month');
    expect(podcastsPerMonthLabel(2.25)).toBe('2.3 podcasts/month');
  });
});

describe('toasts', () => {
  it('says who is followed or not', () => {
    expect(teamFollowToast('Dallas Cowboys', true)).toBe('Now following the "Dallas Cowboys"');
    expect(teamFollowToast('Dallas Cowboys', false)).toBe('Stopped following the "Dallas Cowboys"');
  });

  it('says which source was subscribed or unsubscribed', () => {
    expect(subscriptionToast('ESPN', true)).toBe('Now subscribed to "ESPN"');
    expect(subscriptionToast('ESPN', false)).toBe('Unsubscribed from "ESPN"');
  });
});

describe('newsletter messages', () => {
  it.each([
    ['blank', 'Please enter an email address', null],
    ['invalid', 'Please enter a valid email address', null],
    [
      'has_account',
      'You already have a SportSpyder account',
      'Sign in and follow a team to get a recap newsletter.',
    ],
    ['taken', "You're already subscribed", 'Join SportSpyder to follow more than one team.'],
    ['unsubscribed', 'This email address has already unsubscribed', 'Join SportSpyder to resubscribe.'],
  ])('%s → %s', (code, message, tip) => {
    expect(newsletterError(code)).toMatchObject({ message, tip });
  });

  it('falls back to the server title for unknown codes', () => {
    expect(newsletterError('weird', 'Something odd').message).toBe('Something odd');
    expect(newsletterError('toString').message).toBe('Please enter a valid email address');
  });

  it('has the success text', () => {
    expect(NEWSLETTER_SUCCESS_TEXT).toBe('Signed up successfully! Check your email for more details.');
  });
});

describe('empty states and hints', () => {
  it('writes the spec texts', () => {
    expect(paywallHint()).toBe('This article may be behind a paywall');
    expect(paywallHint(1)).toBe('This article may be behind a paywall');
    expect(paywallHint(3)).toBe('These articles may be behind a paywall');
    expect(noPodcastsText('team')).toBe('No podcasts for this team.');
    expect(noPostsText('the Dallas Cowboys')).toBe('There are no recent posts for the Dallas Cowboys');
    expect(noTeamsFoundText('xyz')).toBe('No teams found for "xyz"');
    expect(nothingHiddenText('sources', 'Dallas Cowboys')).toBe(
      "You haven't hidden any sources from your Dallas Cowboys feeds.",
    );
    expect(latestNewsTitle('NFL')).toBe('The Latest NFL News');
  });
});

describe('widget limit and snippet', () => {
  it.each([
    [undefined, 6, false],
    ['', 6, false],
    ['abc', 6, true],
    [0, 1, true],
    [-4, 1, true],
    [1, 1, false],
    [6, 6, false],
    ['12', 12, false],
    [13, 12, true],
    [7.6, 7, true],
  ] as const)('limit %s → %i (adjusted %s)', (value, limit, adjusted) => {
    expect(normalizeWidgetLimit(value)).toEqual({ limit, adjusted });
  });

  it('builds the script tag with the default limit', () => {
    expect(widgetSnippet({ origin: 'https://sportspyder.com/', team: 'nfl/dallas-cowboys' })).toBe(
      '<script async src="https://sportspyder.com/widgets/headline.js" data-team="nfl/dallas-cowboys" data-limit="6"></script>',
    );
  });

  it('clamps the limit and adds the options, escaping values', () => {
    const snippet = widgetSnippet({
      origin: 'https://sportspyder.com',
      team: 'favorites',
      limit: 40,
      theme: 'dark',
      lazy: true,
      memberKey: 'k"1',
      scriptPath: '/widgets/headline.v3.js',
    });
    expect(snippet).toBe(
      '<script async src="https://sportspyder.com/widgets/headline.v3.js" data-team="favorites" data-limit="12" data-key="k&quot;1" data-theme="dark" data-lazy></script>',
    );
  });
});

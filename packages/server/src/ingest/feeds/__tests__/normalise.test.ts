import { describe, expect, it } from 'vitest';
import { absoluteUrl, canonicalUrl, normaliseDate, parseDuration, toSafeText } from '../normalise.js';

const now = new Date('2026-11-22T00:00:00Z');

describe('toSafeText', () => {
  it('drops scripts, styles and tags and decodes entities', () => {
    expect(
      toSafeText('<p>The <b>Gulls</b> &amp; the&nbsp;Owls</p><script>alert(1)</script><style>p{}</style>'),
    ).toBe('The Gulls & the Owls');
  });

  it('strips double-escaped markup so no tag survives', () => {
    const out = toSafeText(
      '&lt;script&gt;alert(1)&lt;/script&gt;Headline &amp;lt;img src=x onerror=y&amp;gt;',
    );
    expect(out).toBe('Headline');
    expect(out).not.toMatch(/<\s*[a-z]/i);
  });

  it('keeps text that only looks like comparison or hearts', () => {
    expect(toSafeText('Score 5 < 6 <3')).toBe('Score 5 < 6 <3');
  });

  it('separates block elements, collapses whitespace and drops unterminated scripts', () => {
    expect(toSafeText('<p>One</p><p>Two<br>Three</p>\n\n  <script>never')).toBe('One Two Three');
  });

  it('caps the length at a word boundary with an ellipsis', () => {
    const out = toSafeText('word '.repeat(100), 42);
    expect(out.length).toBeLessThanOrEqual(42);
    expect(out.endsWith('…')).toBe(true);
  });

  it('gives an empty string for missing input', () => {
    expect(toSafeText(undefined)).toBe('');
    expect(toSafeText(null)).toBe('');
  });
});

describe('absoluteUrl', () => {
  it('resolves relative and protocol-relative URLs', () => {
    expect(absoluteUrl('/img/a.jpg', 'https://news.example/feed.xml')).toBe('https://news.example/img/a.jpg');
    expect(absoluteUrl('b.jpg', 'https://news.example/dir/feed.xml')).toBe('https://news.example/dir/b.jpg');
    expect(absoluteUrl('//cdn.example/c.jpg')).toBe('https://cdn.example/c.jpg');
  });

  it('refuses script and data URLs and relative URLs without a base', () => {
    expect(absoluteUrl('javascript:alert(1)', 'https://news.example/')).toBeNull();
    expect(absoluteUrl(' JaVaScRiPt:alert(1)')).toBeNull();
    expect(absoluteUrl('data:text/html,<script>x</script>')).toBeNull();
    expect(absoluteUrl('/relative')).toBeNull();
  });
});

describe('canonicalUrl', () => {
  it('removes tracking parameters, fragment and default port, lowercases the host, sorts the rest', () => {
    expect(
      canonicalUrl(
        'HTTPS://News.Example:443/a/B?utm_source=x&b=2&fbclid=1&a=1&gclid=2&mc_cid=3&mc_eid=4&ref=home#top',
      ),
    ).toBe('https://news.example/a/B?a=1&b=2');
    expect(canonicalUrl('http://news.example:80/x?utm_medium=rss')).toBe('http://news.example/x');
  });

  it('keeps parameters that identify content and non-default ports', () => {
    expect(canonicalUrl('https://www.youtube.com/watch?v=abc&utm_campaign=z')).toBe(
      'https://www.youtube.com/watch?v=abc',
    );
    expect(canonicalUrl('https://news.example:8443/story?id=42')).toBe(
      'https://news.example:8443/story?id=42',
    );
  });

  it('gives the same URL for two spellings of one article', () => {
    expect(canonicalUrl('https://NEWS.example/s?id=1&utm_source=a')).toBe(
      canonicalUrl('https://news.example:443/s?id=1&fbclid=b#comments'),
    );
  });

  it('returns null for non-http URLs', () => {
    expect(canonicalUrl('ftp://files.example/a')).toBeNull();
    expect(canonicalUrl('not a url')).toBeNull();
  });
});

describe('normaliseDate', () => {
  it('reads RFC 822 and ISO dates with offsets as UTC instants', () => {
    expect(normaliseDate('Fri, 20 Nov 2026 14:30:00 -0500', now).date?.toISOString()).toBe(
      '2026-11-20T19:30:00.000Z',
    );
    expect(normaliseDate('2026-11-21T01:15:00+02:00', now).date?.toISOString()).toBe(
      '2026-11-20T23:15:00.000Z',
    );
  });

  it('reads dates without a zone as UTC, not local time', () => {
    expect(normaliseDate('2026-11-17T08:30:00', now).date?.toISOString()).toBe('2026-11-17T08:30:00.000Z');
    expect(normaliseDate('Tue, 17 Nov 2026 08:30:00', now).date?.toISOString()).toBe(
      '2026-11-17T08:30:00.000Z',
    );
  });

  it('clamps future dates to now', () => {
    expect(normaliseDate('2099-01-01T00:00:00Z', now)).toEqual({ date: now, flag: 'clamped' });
  });

  it('flags unreadable, ancient and missing dates', () => {
    expect(normaliseDate('not a date', now)).toEqual({ date: null, flag: 'invalid' });
    expect(normaliseDate('1970-01-01T00:00:00Z', now)).toEqual({ date: null, flag: 'invalid' });
    expect(normaliseDate(undefined, now)).toEqual({ date: null, flag: 'missing' });
  });
});

describe('parseDuration', () => {
  it.each([
    ['1:02:03', 3723],
    ['62:03', 3723],
    ['3723', 3723],
    ['3723.5', 3724],
    ['PT1H2M3S', 3723],
    ['PT45M', 2700],
    ['00:00:59', 59],
  ])('reads %s as %i seconds', (input, seconds) => {
    expect(parseDuration(input)).toBe(seconds);
  });

  it('gives undefined for nonsense', () => {
    expect(parseDuration('about an hour')).toBeUndefined();
    expect(parseDuration('')).toBeUndefined();
    expect(parseDuration('PT')).toBeUndefined();
  });
});

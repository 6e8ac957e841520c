// The pushes' X-Hub-Signature check (W3C WebSub §8) and the discovery of a hub in Link headers (§4).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { headerLinks } from '../../../ingest/feeds/header-links.js';
import { hubSignature, verifyHubSignature } from '../websub-signature.js';

const body = Buffer.from('<rss version="2.0"><channel><title>t</title></channel></rss>');
const secret = 'the-subscription-secret';

describe('verifyHubSignature', () => {
  it.each(['sha1', 'sha256', 'sha384', 'sha512'] as const)(
    'accepts a %s HMAC of the raw body',
    (algorithm) => {
      expect(verifyHubSignature(body, hubSignature(body, secret, algorithm), secret)).toBe('valid');
      expect(verifyHubSignature(body, hubSignature(body, secret, algorithm).toUpperCase(), secret)).toBe(
        'valid',
      );
    },
  );

  it('refuses a missing, foreign-keyed, truncated, other-body or unknown-algorithm signature', () => {
    expect(verifyHubSignature(body, undefined, secret)).toBe('missing');
    expect(verifyHubSignature(body, hubSignature(body, 'another-secret'), secret)).toBe('mismatch');
    expect(verifyHubSignature(body, hubSignature(body, secret).slice(0, -2), secret)).toBe('mismatch');
    expect(
      verifyHubSignature(Buffer.concat([body, Buffer.from(' ')]), hubSignature(body, secret), secret),
    ).toBe('mismatch');
    const md5 = `md5=${createHmac('md5', secret).update(body).digest('hex')}`;
    expect(verifyHubSignature(body, md5, secret)).toBe('unknown-algorithm');
    expect(verifyHubSignature(body, 'garbage', secret)).toBe('mismatch');
  });
});

describe('headerLinks', () => {
  it('reads the hub and self of a Link header, resolved against the feed URL', () => {
    expect(
      headerLinks(
        '<https://hub.example/>; rel="hub", </feed.xml>; rel="self"; type="application/rss+xml"',
        'https://a.example/x/y',
      ),
    ).toEqual({ hub: 'https://hub.example/', self: 'https://a.example/feed.xml' });
    expect(headerLinks('<https://h.example/>; rel="alternate hub"', 'https://a.example/')).toEqual({
      hub: 'https://h.example/',
    });
  });

  it('answers null for headers naming neither, and ignores non-http targets', () => {
    expect(headerLinks(null, 'https://a.example/')).toBeNull();
    expect(headerLinks('<https://a.example/2>; rel=next', 'https://a.example/')).toBeNull();
    expect(headerLinks('<javascript:alert(1)>; rel="hub"', 'https://a.example/')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { effectiveProState, proDaysLeft } from '../auth/users.js';
import { MemoryBroadcaster } from '../cable/memory-broadcaster.js';
import { isOriginAllowed } from '../cable/origin-allowlist.js';
import { loadConfig } from '../config.js';
import { validationItems } from '../http/errors.js';
import { skipsRateLimit } from '../http/security.js';
import { contrastRatio, initials, monogramSvg, readableTextColor } from '../logos/monogram.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      production: false,
      allowedOrigins: [],
      rateLimitMax: 300,
      signInRateLimitMax: 10,
      logLevel: 'info',
      databaseUrl: undefined,
    });
    expect(config.dataDir).toBe(`${process.cwd()}/.data`);
    expect(config.siteDir).toMatch(/packages\/site\/dist$/);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/ss',
      NODE_ENV: 'production',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example/',
      RATE_LIMIT_MAX: '50',
      APP_VERSION: 'abc',
      DATABASE_URL: 'postgres://x',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/ss',
      production: true,
      allowedOrigins: ['https://a.example', 'https://b.example'],
      rateLimitMax: 50,
      version: 'abc',
      databaseUrl: 'postgres://x',
    });
  });

  it('refuses a PORT that is not a number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

describe('validationItems', () => {
  it('maps ajv keywords to the contract codes with the field named', () => {
    expect(
      validationItems([
        { keyword: 'required', instancePath: '', params: { missingProperty: 'email' } },
        { keyword: 'minLength', instancePath: '/password', params: { limit: 1 } },
        { keyword: 'minLength', instancePath: '/username', params: { limit: 3 } },
        { keyword: 'maxLength', instancePath: '/displayName', params: { limit: 30 } },
        { keyword: 'format', instancePath: '/website', params: { format: 'uri' } },
        { keyword: 'type', instancePath: '/website', params: { type: 'string' } },
      ]),
    ).toEqual([
      { field: 'email', code: 'blank', title: "Email can't be blank" },
      { field: 'password', code: 'blank', title: "Password can't be blank" },
      { field: 'username', code: 'too_short', title: 'Username is too short (minimum is 3 characters)' },
      {
        field: 'displayName',
        code: 'too_long',
        title: 'Display name is too long (maximum is 30 characters)',
      },
      { field: 'website', code: 'invalid', title: 'Website is invalid' },
    ]);
  });

  it('names the whole body or query when the problem is not about one field', () => {
    expect(validationItems([{ keyword: 'type', instancePath: '', params: {} }], 'querystring')).toEqual([
      { field: 'querystring', code: 'invalid', title: 'Querystring is invalid' },
    ]);
  });
});

describe('skipsRateLimit', () => {
  const withHeader = (value?: string, remoteAddress = '127.0.0.1') => ({
    headers: value === undefined ? {} : { 'x-skip-limit': value },
    raw: { socket: { remoteAddress } } as never,
  });
  it('skips with any value from loopback outside production and only with the secret in production', () => {
    expect(skipsRateLimit(withHeader('1'), { production: false, rateLimitSkipSecret: undefined })).toBe(true);
    expect(skipsRateLimit(withHeader(), { production: false, rateLimitSkipSecret: undefined })).toBe(false);
    // Outside production, from loopback only (issue 47); the secret still works from anywhere.
    const remote = withHeader('1', '203.0.113.7');
    expect(skipsRateLimit(remote, { production: false, rateLimitSkipSecret: undefined })).toBe(false);
    expect(
      skipsRateLimit(withHeader('s', '203.0.113.7'), { production: false, rateLimitSkipSecret: 's' }),
    ).toBe(true);
    expect(skipsRateLimit(withHeader('s'), { production: true, rateLimitSkipSecret: 's' })).toBe(true);
    expect(skipsRateLimit(withHeader('t'), { production: true, rateLimitSkipSecret: 's' })).toBe(false);
    expect(skipsRateLimit(withHeader(''), { production: true, rateLimitSkipSecret: undefined })).toBe(false);
  });
});

describe('isOriginAllowed', () => {
  const request = { headers: { host: 'sportspyder.example' } };
  const policy = { allowedOrigins: ['https://partner.example'], port: 8080 };
  it('allows the server’s own origins and the configured ones', () => {
    expect(isOriginAllowed('http://localhost:8080', { headers: {} }, policy)).toBe(true);
    expect(isOriginAllowed('http://127.0.0.1:8080', { headers: {} }, policy)).toBe(true);
    expect(isOriginAllowed('https://sportspyder.example', request, policy)).toBe(true);
    expect(isOriginAllowed('https://partner.example/', request, policy)).toBe(true);
  });
  it('refuses other origins', () => {
    expect(isOriginAllowed('https://evil.example', request, policy)).toBe(false);
    expect(isOriginAllowed('http://localhost:9999', request, policy)).toBe(false);
    expect(isOriginAllowed('null', request, policy)).toBe(false);
  });
});

describe('MemoryBroadcaster', () => {
  it('numbers messages per stream and stops delivering after unsubscribe', async () => {
    const broadcaster = new MemoryBroadcaster();
    const got: unknown[] = [];
    const stop = broadcaster.subscribe('a', (m) => got.push(m));
    await broadcaster.publish('a', { n: 1 });
    await broadcaster.publish('b', { n: 9 });
    await broadcaster.publish('a', { n: 2 });
    stop();
    await broadcaster.publish('a', { n: 3 });
    expect(got).toEqual([
      { n: 1, seq: 1 },
      { n: 2, seq: 2 },
    ]);
    expect(broadcaster.listenerCount('a')).toBe(0);
  });

  it('keeps delivering to others when one listener throws', async () => {
    const broadcaster = new MemoryBroadcaster();
    const errors: unknown[] = [];
    broadcaster.onListenerError = (e) => errors.push(e);
    const got: unknown[] = [];
    broadcaster.subscribe('s', () => {
      throw new Error('socket gone');
    });
    broadcaster.subscribe('s', (m) => got.push(m));
    await broadcaster.publish('s', { x: 1 });
    expect(got).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});

describe('proDaysLeft', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('counts whole days left for trial and comp, rounding up, never below zero', () => {
    expect(proDaysLeft('trial', '2026-01-08T00:00:00Z', now)).toBe(7);
    expect(proDaysLeft('comp', '2026-01-01T01:00:00Z', now)).toBe(1);
    expect(proDaysLeft('trial', '2025-12-01T00:00:00Z', now)).toBe(0);
  });
  it('is null for paid and non-PRO members', () => {
    expect(proDaysLeft('paid', '2026-01-08T00:00:00Z', now)).toBeNull();
    expect(proDaysLeft('', null, now)).toBeNull();
  });
});

describe('monogram', () => {
  it('draws the short name on the team colours with readable text', () => {
    const svg = monogramSvg({
      text: 'GB',
      primary: '#203731',
      secondary: '#FFB612',
      title: 'Green Bay Packers',
    });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('fill="#203731"');
    expect(svg).toContain('stroke="#ffb612"');
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('>GB</text>');
  });

  it('uses dark text on light colours and keeps at least 4.5:1 contrast', () => {
    for (const bg of ['#FFB612', '#ffffff', '#C6D300', '#000000', '#1D428A', '#808080']) {
      const fg = readableTextColor(bg);
      expect(contrastRatio(bg.toLowerCase(), fg)).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTextColor('#FFB612')).toBe('#111111');
  });

  it('escapes text and title so data cannot inject markup', () => {
    const svg = monogramSvg({ text: '<b>', primary: '#000', secondary: '#fff', title: 'A & <script>' });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('A &#38; &#60;script&#62;');
  });

  it('builds initials from a name', () => {
    expect(initials('Green Bay Packers')).toBe('GBP');
    expect(initials('Premier League')).toBe('PL');
  });
});

describe('effectiveProState', () => {
  const now = Date.parse('2026-01-08T00:00:00Z');
  it('ends a trial or comp period whose end has passed: no PRO, so ads and the offer come back', () => {
    expect(effectiveProState('trial', '2026-01-07T23:59:59Z', now)).toBe('');
    expect(effectiveProState('comp', '2026-01-08T00:00:00Z', now)).toBe('');
  });
  it('keeps a running period, a paid plan and no PRO as they are', () => {
    expect(effectiveProState('trial', '2026-01-08T00:00:01Z', now)).toBe('trial');
    expect(effectiveProState('comp', null, now)).toBe('comp');
    expect(effectiveProState('paid', '2025-01-01T00:00:00Z', now)).toBe('paid');
    expect(effectiveProState('', null, now)).toBe('');
  });
});

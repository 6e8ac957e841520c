import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { fetchFeed } from '../fetch-feed.js';
import { fetchPage } from '../fetch-page.js';
import { classifyAddress, createFeedFetch, isPublicAddress } from '../public-address.js';
import { fixture } from './fixtures.js';

const RSS = fixture('rss2.xml');

describe('isPublicAddress', () => {
  const refused: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.9.9.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:0:192.168.0.1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2001:db8::1', 'documentation'],
    ['::10.0.0.1', 'reserved'],
    ['100::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['not-an-ip', 'invalid'],
    ['256.1.1.1', 'invalid'],
  ];
  it.each(refused)('refuses %s (%s)', (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
    expect(isPublicAddress(ip)).toBe(false);
  });

  const allowed = [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.1.1',
    '192.169.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ];
  it.each(allowed)('allows %s', (ip) => {
    expect(classifyAddress(ip)).toBeNull();
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('createFeedFetch', () => {
  let server: Server;
  let port: number;
  const userAgents: (string | undefined)[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      userAgents.push(req.headers['user-agent']);
      if (req.url === '/hop') {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/feed` }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('refuses a feed on a loopback address in production, with the way to allow it', async () => {
    const before = userAgents.length;
    const guarded = createFeedFetch({ allowPrivate: false });
    const result = await fetchFeed(`http://127.0.0.1:${port}/feed`, { fetch: guarded });
    expect(result).toEqual({
      kind: 'error',
      code: 'private-address',
      message: '127.0.0.1 is a loopback address; set FEEDS_ALLOW_PRIVATE=1 to allow it',
    });
    // The request never reached the server.
    expect(userAgents.length).toBe(before);
  });

  it('refuses a host name that resolves to a loopback address, checked in the connection', async () => {
    const before = userAgents.length;
    const guarded = createFeedFetch({ allowPrivate: false });
    const result = await fetchFeed(`http://localhost:${port}/feed`, { fetch: guarded });
    expect(result.kind).toBe('error');
    if (result.kind !== 'error') return;
    expect(result.code).toBe('private-address');
    expect(result.message).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address; set FEEDS_ALLOW_PRIVATE=1 to allow it$/,
    );
    expect(userAgents.length).toBe(before);
  });

  it('refuses pages the same way (feed discovery reads pages)', async () => {
    const guarded = createFeedFetch({ allowPrivate: false });
    const result = await fetchPage(`http://127.0.0.1:${port}/`, { fetch: guarded });
    expect(result).toMatchObject({ kind: 'error', code: 'private-address' });
  });

  it('fetches the same loopback feed when private addresses are allowed', async () => {
    const allowed = createFeedFetch({ allowPrivate: true });
    const result = await fetchFeed(`http://127.0.0.1:${port}/hop`, { fetch: allowed });
    expect(result).toMatchObject({ kind: 'ok', finalUrl: `http://127.0.0.1:${port}/feed`, status: 200 });
  });
});

describe('FEEDS_ALLOW_PRIVATE', () => {
  it('refuses private addresses only in production, unless the operator allows them', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).feedsAllowPrivate).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', FEEDS_ALLOW_PRIVATE: '1' }).feedsAllowPrivate).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', FEEDS_ALLOW_PRIVATE: '0' }).feedsAllowPrivate).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).feedsAllowPrivate).toBe(true);
    expect(loadConfig({}).feedsAllowPrivate).toBe(true);
  });
});

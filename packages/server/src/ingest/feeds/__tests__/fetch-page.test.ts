import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFeed } from '../fetch-feed.js';
import { fetchPage } from '../fetch-page.js';

const PAGE =
  '<!DOCTYPE html><html><head><meta charset="iso-8859-1"><title>Caf\u00e9</title></head><body></body></html>';
let server: Server;
let base: string;
const agents: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    agents.push(req.headers['user-agent']);
    if (req.url === '/old') res.writeHead(301, { location: '/page' }).end();
    else if (req.url === '/page')
      res.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.from(PAGE, 'latin1'));
    else if (req.url === '/big') res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(5000));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('fetchPage', () => {
  it('fetches an HTML page the feed fetcher refuses, following redirects and its meta charset', async () => {
    expect(await fetchFeed(`${base}/old`)).toMatchObject({ kind: 'error', code: 'not-a-feed' });
    const result = await fetchPage(`${base}/old`, { userAgent: 'SportSpyder/1.2.3 (test)' });
    expect(result).toEqual({
      kind: 'ok',
      body: PAGE,
      finalUrl: `${base}/page`,
      contentType: 'text/html',
      status: 200,
    });
    expect(agents.at(-1)).toBe('SportSpyder/1.2.3 (test)');
  });

  it('keeps the feed fetcher limits: size cap and HTTP errors', async () => {
    expect(await fetchPage(`${base}/big`, { maxBytes: 1000 })).toMatchObject({
      kind: 'error',
      code: 'too-large',
    });
    expect(await fetchPage(`${base}/missing`)).toEqual({
      kind: 'error',
      code: 'http-404',
      message: `HTTP 404 from ${base}/missing`,
    });
  });
});

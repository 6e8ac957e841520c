// The ceiling of rendering a page's first screen on the server (issue 46), for `npm run bench:lighthouse
// -- --ceiling`: what Lighthouse scores when the page's HTML already holds its first screen. The page is
// opened once in Chromium at a phone's size, the rendered `#root` is put into the HTML the server sent for
// it, and a loopback proxy answers that path with that HTML (every other request goes to the server).
// Two variants: `static` drops the scripts and preloads (the ceiling: no JavaScript at all), `replaced`
// keeps them (today's client render then replaces the server's markup, as a server render without
// hydration would). Neither is a product path: they bound what server rendering could buy.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/** Which HTML the proxy answers the page's path with. */
export type CeilingVariant = 'static' | 'replaced';

/** A proxy that answers one path with the page's first screen in its HTML. */
export interface CeilingProxy {
  url: string;
  close(): Promise<void>;
}

/** The page's `#root` as Chromium rendered it at a phone's size, after its reads settled. */
async function renderedRoot(baseUrl: string, path: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    return await page.evaluate(() => document.getElementById('root')?.innerHTML ?? '');
  } finally {
    await browser.close();
  }
}

/** Starts a proxy whose answer to `path` is the server's HTML with the rendered first screen in it. */
export async function startCeilingProxy(
  baseUrl: string,
  path: string,
  variant: CeilingVariant,
): Promise<CeilingProxy> {
  const root = await renderedRoot(baseUrl, path);
  const sent = await (await fetch(`${baseUrl}${path}`)).text();
  const emptyRoot = '<div id="root"></div>';
  if (!sent.includes(emptyRoot)) throw new Error(`the HTML of ${path} has no empty #root`);
  let html = sent.replace(emptyRoot, () => `<div id="root">${root}</div>`);
  if (variant === 'static') {
    html = html
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, '');
  }
  const body = gzipSync(html);
  const upstream = new URL(baseUrl);
  const server: Server = createServer((req, res) => {
    if (req.url === path) {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
        'cache-control': 'no-store',
      });
      res.end(body);
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// A publisher's news site in one file: it serves article.html under a strict Content Security Policy
// with a fresh nonce per request, the way a CMS would. Only scripts carrying that nonce run, so the
// SportSpyder headline embeds work without 'unsafe-inline' and without allow-listing any host for scripts.
//   SPORTSPYDER_URL=http://localhost:8080 PORT=4000 node server.mjs
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

// Where the embeds and their API live (the SportSpyder server; `npm start` listens on 8080).
const sportspyder = new URL(process.env.SPORTSPYDER_URL ?? 'http://localhost:8080').origin;
const port = Number(process.env.PORT ?? 4000);
const template = readFileSync(new URL('./article.html', import.meta.url), 'utf8');

/** The page's policy: Google's "strict CSP" (nonce + 'strict-dynamic') plus what the widget fetches. */
function contentSecurityPolicy(nonce) {
  return [
    "default-src 'none'",
    // Nonced scripts only; 'strict-dynamic' lets them load what they need, host lists are ignored.
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // The widget's one headlines call goes to the SportSpyder API.
    `connect-src ${sportspyder}`,
    // The page's own nonced <style>. The widget itself adopts a constructable stylesheet, which
    // style-src does not govern; in older browsers it falls back to a <style> with the same nonce.
    `style-src 'nonce-${nonce}'`,
    // Thumbnails come from the publishers' sites, team logos from SportSpyder.
    `img-src https: data: ${sportspyder}`,
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const server = createServer((req, res) => {
  if (req.url !== '/' && req.url !== '/index.html') {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  // A new nonce for every response: a nonce that repeats could be copied into injected markup.
  const nonce = randomBytes(16).toString('base64');
  const html = template.replaceAll('{{NONCE}}', nonce).replaceAll('{{SPORTSPYDER_URL}}', sportspyder);
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy(nonce),
    // The page differs per request (its nonce): never cache it.
    'cache-control': 'no-store',
  });
  res.end(html);
});

server.listen(port, '127.0.0.1', () => {
  const { port: actual } = server.address();
  console.log(`Publisher page on http://127.0.0.1:${actual}/ (embeds from ${sportspyder})`);
});

/**
 * Bytes on the wire (issue 46): what the server compresses, how, and the validators of cached answers.
 *
 * - Built files (the site's and the embeds') are compressed once at build time
 *   (`scripts/precompress-assets.mjs`): `@fastify/static` sends the `.br` or `.gz` beside a file when the
 *   client accepts it (`preCompressed`), with `Vary: Accept-Encoding` set by `static-site.ts` and
 *   `widgets.ts`.
 * - Answers of the page cache (`cache-answers.ts`) are compressed here, once per entry and encoding, and
 *   the compressed bytes are kept with the entry (`ResponseCache.encoded`): a hit costs no compression.
 * - Every other answer (uncached reads, RSS, OPML, HTML pages) goes through `@fastify/compress`
 *   ({@link registerCompression}) when it is at least {@link MIN_COMPRESS_BYTES} and of a text type; the
 *   site's pages answered by the not-found handler (which `@fastify/compress` does not see) through a hook
 *   of {@link registerCompression}.
 *
 * Dynamic answers use Brotli at quality {@link BROTLI_QUALITY} and gzip at level {@link GZIP_LEVEL}:
 * Brotli 4 is about as fast as gzip 6 and still a few percent smaller, while Brotli's default (11) costs
 * tens of milliseconds on a 100 KB answer, on the server's one thread. Built files get the best levels.
 * `COMPRESSION=off` (config `compression`) turns all of it off but the built files.
 * @module
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers smaller than this go as they are: the saving would not pay for the work (and the headers). */
export const MIN_COMPRESS_BYTES = 1024;
/** Brotli quality of dynamic answers. */
export const BROTLI_QUALITY = 4;
/** Gzip level of dynamic answers. */
export const GZIP_LEVEL = 6;

/** The encodings the server produces, in its order of preference. */
export type Encoding = 'br' | 'gzip';

/**
 * How many bodies this process compressed itself (the page cache's copies, the site's pages; tests
 * check that a cache hit adds none).
 */
export const compressionStats = { compressions: 0 };

/** Compresses `body` with `encoding` at the dynamic answers' levels. */
export function compressBody(body: Buffer, encoding: Encoding): Buffer {
  compressionStats.compressions += 1;
  if (encoding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipSync(body, { level: GZIP_LEVEL });
}

/**
 * The encoding to send to a client with this `Accept-Encoding`: br, else gzip, else none. A coding
 * with `q=0` is refused; `*` stands for any coding not named.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * The strong entity tag of an uncompressed body: a hash of its bytes (the first 16 bytes of its
 * SHA-256, base64url), quoted.
 */
export function entityTag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/**
 * Whether `If-None-Match` matches `etag` by the weak comparison RFC 9110 §13.1.2 asks for (`W/` is
 * ignored on both sides), or is `*`.
 */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  for (const tag of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const trimmed = tag.trim();
    if (trimmed === '*' || trimmed.replace(/^W\//, '') === opaque) return true;
  }
  return false;
}

/** Adds `Accept-Encoding` to the reply's `Vary` (keeping what is there). */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'Accept-Encoding'].join(', '));
}

/**
 * Compresses the answers nothing else compressed (uncached reads, RSS, OPML, the HTML pages) for the
 * clients that accept br or gzip; registered on the root instance before the routes. Its hook runs after
 * the page cache's (route hooks come after the scope's), which sets `Content-Encoding` on what it
 * compressed itself: `@fastify/compress` leaves such answers alone. Request bodies are never
 * decompressed (webhooks check signatures over the bytes as sent).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: MIN_COMPRESS_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
  });
  // @fastify/compress hooks routes only; the not-found handler answers every page of the site (its
  // index.html, each page's own head: static-site.ts), so its text answers are compressed here.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.is404 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    if (
      reply.hasHeader('content-encoding') ||
      !/^text\/html\b/.test(String(reply.getHeader('content-type')))
    ) {
      return payload;
    }
    const body = Buffer.from(payload);
    if (body.length < MIN_COMPRESS_BYTES) return payload;
    varyOnEncoding(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressBody(body, encoding);
  });
}

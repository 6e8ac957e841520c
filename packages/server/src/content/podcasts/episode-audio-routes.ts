/**
 * The episode download relay (issue 49, `GET podcast_episodes/:id/audio`): a member's browser may only
 * fetch its own origin (the CSP's `connect-src 'self'`) and podcast hosts rarely send CORS headers, so
 * "Download for offline" of a real episode fetches its audio through here. Members only (downloads are
 * theirs, and a relay open to anyone would be a free proxy); the stored enclosure only, never a URL from
 * the request; through the feeds' SSRF guard (`fetch-enclosure.ts`); streamed, never buffered; bounded by
 * the downloads' byte bound and a per-member hourly count. The answer is the whole file (no ranges: the
 * page stores it, and the service worker answers the player's ranges from that copy). Why:
 * docs/decisions/offline-and-alerts.md "Episodes downloaded for offline listening".
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { currentUserId } from '../../http/current-user.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';
import { feedUserAgent } from '../../ingest/feeds/limited-fetch.js';
import { createFeedFetch } from '../../ingest/feeds/public-address.js';
import { packageVersion } from '../../paths.js';
import { requireMember } from '../members/require-member.js';
import { type EnclosureResult, EPISODE_AUDIO_MAX_BYTES, fetchEnclosure } from './fetch-enclosure.js';

/** Downloads one member may relay per hour: a download is heavy for the server (a whole episode). */
export const EPISODE_AUDIO_RATE_LIMIT = 30;
const HOUR_MS = 3_600_000;

/** Options of {@link episodeAudioRoutes}. */
export interface EpisodeAudioRouteOptions {
  db: Database;
  config: Pick<ServerConfig, 'production' | 'feedsAllowPrivate' | 'publicOrigin'>;
  /** The outside fetch (default: the SSRF-guarded one of the feeds, per `config.feedsAllowPrivate`). */
  fetch?: typeof fetch;
}

function gigabytes(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(bytes < 10 * 1024 ** 3 ? 1 : 0)} GB`;
}

/** The contract's error for a failed relay (never the host's own words beyond its status). */
function refusal(result: Extract<EnclosureResult, { kind: 'error' }>): HttpError {
  switch (result.code) {
    case 'too-large':
      return new HttpError(422, [
        {
          code: 'too_large',
          title:
            result.bytes === undefined
              ? `This episode is larger than ${gigabytes(EPISODE_AUDIO_MAX_BYTES)}, the most a download may take.`
              : `This episode is ${gigabytes(result.bytes)}, more than the ${gigabytes(EPISODE_AUDIO_MAX_BYTES)} a download may take.`,
        },
      ]);
    case 'invalid-url':
      return new HttpError(422, [
        { code: 'invalid', title: "This episode's audio is not on a podcast host the server can fetch." },
      ]);
    case 'private-address':
      return new HttpError(502, [
        {
          code: 'upstream_error',
          title: "This episode's audio is on a private network address, which the server does not fetch.",
        },
      ]);
    case 'not-audio':
      return new HttpError(502, [
        { code: 'upstream_error', title: 'The podcast host did not send audio for this episode.' },
      ]);
    default:
      return new HttpError(502, [
        {
          code: 'upstream_error',
          title: 'The podcast host did not send this episode. Try again later.',
        },
      ]);
  }
}

/**
 * Registers the relay.
 *
 * @example
 * ```ts
 * await api.register(episodeAudioRoutes, { db, config });
 * ```
 */
export async function episodeAudioRoutes(
  app: FastifyInstance,
  opts: EpisodeAudioRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const outside = opts.fetch ?? createFeedFetch({ allowPrivate: config.feedsAllowPrivate });
  const userAgent = feedUserAgent(packageVersion(), config.publicOrigin || null);

  const def = routes.getPodcastEpisodeAudio;
  api.route({
    method: def.method,
    url: def.url,
    // The 200 is the audio, streamed as it comes (no serializer); the errors are the error handler's.
    schema: { params: def.params },
    // A HEAD would drain the whole download on the server (Fastify reads a stream to its end for it).
    exposeHeadRoute: false,
    // Audio does not compress, and `application/octet-stream` is on @fastify/compress's list.
    compress: false,
    config: {
      rateLimit: {
        max: EPISODE_AUDIO_RATE_LIMIT,
        timeWindow: HOUR_MS,
        keyGenerator: async (request: FastifyRequest) =>
          `episode-audio:${(await currentUserId(request, db, config)) ?? request.ip}`,
      },
    },
    handler: async (request, reply) => {
      await requireMember(request, db, config);
      const { rows } = await db.query<{ enclosure_url: string }>(
        'SELECT enclosure_url FROM podcast_episodes WHERE id = $1',
        [request.params.id],
      );
      const enclosure = rows[0]?.enclosure_url;
      if (enclosure === undefined) throw new HttpError(404, NOT_FOUND.errors);
      // The member going away (a cancelled download, a closed tab) stops the host's download too.
      const left = new AbortController();
      reply.raw.once('close', () => left.abort());
      const audio = await fetchEnclosure(enclosure, { fetch: outside, userAgent, signal: left.signal });
      if (audio.kind === 'error') {
        request.log.info(
          { episodeId: request.params.id, code: audio.code, reason: audio.message },
          'relay refused',
        );
        throw refusal(audio);
      }
      reply.header('content-type', audio.contentType).header('cache-control', 'private, no-store');
      reply.header('accept-ranges', 'none');
      if (audio.contentLength !== null) reply.header('content-length', String(audio.contentLength));
      return reply.send(audio.body);
    },
  });
}

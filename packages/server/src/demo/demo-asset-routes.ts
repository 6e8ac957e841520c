/**
 * Serves the generated demo audio at `/demo/audio/<file>` from `<dataDir>/demo/audio/`, with Range
 * support (206 Partial Content) so podcast players can seek, and the demo video thumbnails at
 * `/demo/thumbnails/<videoId>.svg`, drawn on the fly, so the demo works with no network.
 * @module
 */
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DEMO_AUDIO_PATH, DEMO_THUMBNAIL_PATH } from './asset-urls.js';
import { DEMO_VIDEO_ID, demoThumbnailSvg } from './demo-thumbnail.js';
import { demoAudioDir } from './prepare-demo.js';

/** Options of {@link demoAssetRoutes}. */
export interface DemoAssetRoutesOptions {
  /** The data folder (DATA_DIR). */
  dataDir: string;
}

/**
 * Fastify plugin serving the demo audio files and video thumbnails.
 *
 * @example
 * await app.register(demoAssetRoutes, { dataDir: config.dataDir });
 */
export async function demoAssetRoutes(app: FastifyInstance, options: DemoAssetRoutesOptions): Promise<void> {
  const root = demoAudioDir(options.dataDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: DEMO_AUDIO_PATH,
    // The site's static plugin already decorates the reply; a second instance must not.
    decorateReply: false,
    acceptRanges: true,
    index: false,
    maxAge: '1d',
    allowedPath: (path) => /^\/?[\w.-]+\.wav$/.test(path),
  });
  app.get<{ Params: { file: string } }>(`${DEMO_THUMBNAIL_PATH}:file`, async (request, reply) => {
    const id = request.params.file.replace(/\.svg$/, '');
    if (!request.params.file.endsWith('.svg') || !DEMO_VIDEO_ID.test(id)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    // The picture depends on the id alone, so it can be cached for good; embeds on other sites show it.
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .type('image/svg+xml')
      .send(demoThumbnailSvg(id));
  });
}

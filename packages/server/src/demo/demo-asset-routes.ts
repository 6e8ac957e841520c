/**
 * Serves the generated demo audio at `/demo/audio/<file>` from `<dataDir>/demo/audio/`, with Range
 * support (206 Partial Content) so podcast players can seek.
 * @module
 */
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DEMO_AUDIO_PATH } from './asset-urls.js';
import { demoAudioDir } from './prepare-demo.js';

/** Options of {@link demoAssetRoutes}. */
export interface DemoAssetRoutesOptions {
  /** The data folder (DATA_DIR). */
  dataDir: string;
}

/**
 * Fastify plugin serving the demo audio files.
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
}

/**
 * Demo data: a deterministic generator of fictional sources with their feeds, rosters, games and
 * standings (`generateDemo`), its start-up preparation (`prepareDemo`, `localiseDemoUrls`) and the
 * audio route (`demoAssetRoutes`).
 * @module
 */
export { DEMO_ASSET_ORIGIN, DEMO_AUDIO_PATH, demoAssetUrl, localiseDemoUrl } from './asset-urls.js';
export { type DemoAssetRoutesOptions, demoAssetRoutes } from './demo-asset-routes.js';
export { DEFAULT_DEMO_SEED, FEED_ITEM_CAP, type GenerateDemoInput, generateDemo } from './generate-demo.js';
export {
  DEMO_FEED_PREFIX,
  demoAudioDir,
  demoFeedsDir,
  localiseDemoUrls,
  type PrepareDemoOptions,
  type PrepareDemoResult,
  prepareDemo,
} from './prepare-demo.js';
export { createRandom, mixSeed, type Random } from './prng.js';
export type * from './types.js';
export { type DemoAudioFile, demoAudioFiles, encodeDemoWav, writeDemoAudio } from './wav.js';

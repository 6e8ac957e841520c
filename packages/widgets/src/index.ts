/**
 * The pieces of the embeds (the headline list and the podcast player) and their shared page global, for
 * tests and for hosts that bundle them themselves. Publishers load the built `headline.js` and `player.js`
 * instead (see the package README).
 * @module @sportspyder/widgets
 */
export {
  createEmbedGlobal,
  type EmbedInstance,
  type EmbedKind,
  installEmbedGlobal,
} from './embed-global.js';
export { type HeadlineConfig, type HeadlineTheme, readHeadlineConfig } from './headline/config.js';
export {
  createHeadlineLoader,
  HEADLINE_TIMEOUT_MS,
  type Headline,
  type HeadlineLoader,
  type HeadlineResult,
} from './headline/fetch-headlines.js';
export {
  HEADLINE_TEXTS,
  HeadlineList,
  type HeadlineListProps,
  type HeadlineView,
} from './headline/HeadlineList.js';
export { HEADLINE_HOST_TAG, type HeadlineInstance, mountHeadline } from './headline/mount-headline.js';
export { relativeTime } from './headline/relative-time.js';
export {
  createRequestBudget,
  HEADLINE_REQUESTS_PER_MINUTE,
  type RequestBudget,
} from './headline/request-budget.js';
export {
  createSportSpyder,
  HEADLINE_SCRIPT_SELECTOR,
  headlineKind,
  installSportSpyder,
  type SportSpyderGlobal,
  type SportSpyderWindow,
} from './headline/sportspyder-global.js';
export { applyHeadlineStyles, CHROME_HEIGHT, HEADLINE_CSS, ROW_HEIGHT } from './headline/styles.js';
export { type PlayerConfig, type PlayerTheme, readPlayerConfig } from './player/config.js';
export { formatTime } from './player/format-time.js';
export {
  createEpisodeLoader,
  type EmbedEpisode,
  type EpisodeLoader,
  type EpisodeResult,
  PLAYER_TIMEOUT_MS,
} from './player/load-episode.js';
export {
  mountPlayer,
  namespacedStorage,
  PLAYER_HOST_TAG,
  PLAYER_STORAGE_PREFIX,
  type PlayerEmbedContext,
  type PlayerInstance,
} from './player/mount-player.js';
export {
  PLAYER_TEXTS,
  type PlayerActions,
  PlayerCard,
  type PlayerCardProps,
  type PlayerView,
} from './player/PlayerCard.js';
export { PLAYER_SCRIPT_SELECTOR, playerKind } from './player/player-kind.js';
export { applyPlayerStyles, PLAYER_CSS, PLAYER_HEIGHT } from './player/styles.js';

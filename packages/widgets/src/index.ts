/**
 * The pieces of the headline embed, for tests and for hosts that bundle it themselves. Publishers load the
 * built `headline.js` instead (see the package README).
 * @module
 */
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
  installSportSpyder,
  type SportSpyderGlobal,
  type SportSpyderWindow,
} from './headline/sportspyder-global.js';
export { applyHeadlineStyles, CHROME_HEIGHT, HEADLINE_CSS, ROW_HEIGHT } from './headline/styles.js';

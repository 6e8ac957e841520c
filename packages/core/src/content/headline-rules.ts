/**
 * The core rules the team headline embed applies (the widget limit, which articles have a picture,
 * and the spoiler shield's label), in one module of pure files: the embed's build points `@sportspyder/core` here, so none
 * of the core's client, cache or realtime code reaches its 8 KB bundle.
 * @module
 */
export { RESULT_HIDDEN_LABEL } from '../spoilers/spoiler-labels.js';
export { articlePicture } from './article-picture.js';
export { normalizeWidgetLimit, type WidgetLimit } from './widget-snippet.js';

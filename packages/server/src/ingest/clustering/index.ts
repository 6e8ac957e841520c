/**
 * Story clustering: pure signature/similarity/hot rules and the database step the pipeline runs for
 * each new article.
 * @module
 */
export * from './assign-clusters.js';
export * from './merge-split-stories.js';
export * from './story-signature.js';

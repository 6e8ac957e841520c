/**
 * The header's live search in React (spec 1 §4.3): the `useLiveSearch` hook over core's live search
 * store, the `LiveSearchCombobox` that renders it, and `HighlightedText` for matched letters.
 * @module
 */
export * from './HighlightedText.js';
export * from './LiveSearchCombobox.js';
export * from './useLiveSearch.js';

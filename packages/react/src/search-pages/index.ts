/**
 * Components of the search result pages: sections, name lists with the query marked, sort and time
 * filter, the empty state and the note on ignored words.
 * @module
 */
export * from './NameResultList.js';
export * from './NoSearchResults.js';
export * from './SearchOrderControls.js';
export * from './SearchSection.js';
export * from './StopWordsNote.js';
export * from './TeamSearchPicker.js';

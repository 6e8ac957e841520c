/**
 * The spoiler shield's words (issue 49), in a pure file: the site, the bindings and the headline embed
 * (through `content/headline-rules.ts`) name a hidden result the same way.
 * @module
 */

/** What a screen reader hears, and a sighted reader sees beside the blur, in place of a hidden result. */
export const RESULT_HIDDEN_LABEL = 'Result hidden (spoiler shield)';

/** The reveal control's text. */
export const REVEAL_LABEL = 'Reveal';

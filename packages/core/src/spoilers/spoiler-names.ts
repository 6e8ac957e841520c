/**
 * The name a marked episode goes by where its title cannot be blurred behind a reveal control (issue
 * 49): a play button's accessible name, the browser tab's title, a menu item, a breadcrumb. A blur needs
 * a "Reveal" button beside the words, and these places are themselves a control or not page content at
 * all, so they name the podcast instead of the episode.
 * @module
 */

/** An episode as the shield marks it (any of the contract's episode shapes). */
export interface ShieldedEpisode {
  /** The episode's title. */
  title: string;
  /** The spoiler shield's mark (the title or summary gives a hidden result away). */
  spoiler?: boolean | undefined;
  /** Its podcast. */
  podcast: { title: string };
}

/**
 * The episode's title, or, when the shield marks it, a name that tells nothing of the result.
 *
 * @example
 * ```ts
 * episodeName({ title: 'Reacting to the loss', spoiler: true, podcast: { title: 'Pack Talk' } });
 * // 'Pack Talk episode (result hidden)'
 * ```
 */
export function episodeName(episode: ShieldedEpisode): string {
  return episode.spoiler === true ? `${episode.podcast.title} episode (result hidden)` : episode.title;
}

/**
 * An episode's artwork: its own image, else its podcast's (episode lists, pages and the player).
 * @module
 */

/** What {@link episodeArtwork} reads of an episode. */
export interface EpisodeWithArtwork {
  imageUrl?: string | null;
  podcast: { imageUrl?: string | null };
}

/**
 * The image to show for an episode: its own, else its podcast's, else null. An empty URL counts as
 * none (an `<img src="">` would request the page itself).
 *
 * @example
 * ```ts
 * const src = episodeArtwork(episode); // null: show a placeholder
 * ```
 */
export function episodeArtwork(episode: EpisodeWithArtwork): string | null {
  return episode.imageUrl || episode.podcast.imageUrl || null;
}

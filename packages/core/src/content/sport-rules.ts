/**
 * Small per-sport display rules of spec 2 §2: how many columns a sport's team list uses and which
 * sports label a recap video, plus whether an embedded video error hides the player.
 * @module
 */
import { HIDDEN_VIDEO_ERROR_CODES, RECAP_VIDEO_SPORTS, THREE_COLUMN_SPORTS } from '../constants.js';

/** Columns of a sport's teams page: 3 for mcb, cf and premier-league, 2 for the others. */
export function teamListColumns(sportSlug: string): 2 | 3 {
  return THREE_COLUMN_SPORTS.includes(sportSlug) ? 3 : 2;
}

/** True for the sports whose popular page labels a recap video (mlb, nfl, nhl). */
export function hasRecapVideo(sportSlug: string): boolean {
  return RECAP_VIDEO_SPORTS.includes(sportSlug);
}

/** True when an embedded video's error code (100, 101, 150) means the video player is hidden. */
export function hidesVideoPlayer(errorCode: number): boolean {
  return HIDDEN_VIDEO_ERROR_CODES.includes(errorCode);
}

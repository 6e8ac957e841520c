/**
 * The fantasy team rules and texts the browser applies (spec 3 "Fantasy" §2, §3, §8, §9): the sports
 * a team can be for (MLB=1, NFL=2, NBA=3, NHL=4, MLB by default), the name hint, the toasts, the
 * empty roster, the player search's labels and its 'N players found'.
 * @module
 */

/** One sport a fantasy team can be for. */
export interface FantasySportOption {
  /** The sport's id in the API (spec 3 §9). */
  id: 1 | 2 | 3 | 4;
  /** Its label. */
  label: string;
}

/** The sports of fantasy teams, in the order the create form offers them (spec 3 §2, §9). */
export const FANTASY_SPORTS: readonly FantasySportOption[] = Object.freeze([
  { id: 1, label: 'MLB' },
  { id: 2, label: 'NFL' },
  { id: 3, label: 'NBA' },
  { id: 4, label: 'NHL' },
]);

/** The sport chosen until the member picks another (spec 3 §2). */
export const DEFAULT_FANTASY_SPORT_ID = 1;

/** The team name field's hint (spec 3 §2). */
export const FANTASY_NAME_HINT = 'eg. My baseball team';
/** The empty roster (spec 3 §2, §8). */
export const NO_PLAYERS_TEXT = "This team doesn't have any players yet.";
/** The empty roster's call to action (spec 3 §2). */
export const FIND_PLAYERS_TO_ADD_TEXT = 'Find players to add';
/** The roster's button that opens the player search (spec 3 §2). */
export const FIND_MORE_PLAYERS_TEXT = 'Find more players';
/** The default option of the player search's team and position filters (spec 3 §2). */
export const ALL_OPTION_TEXT = 'All';
/** Players per page of the player search. */
export const FANTASY_SEARCH_PER_PAGE = 25;

/** The toast after creating a team (spec 3 §2); the page then opens the team's edit page. */
export function fantasyTeamCreatedToast(name: string): string {
  return `Created ${name} successfully. Now let's add players!`;
}

/** The toast after deleting a team (spec 3 §8). */
export function fantasyTeamDeletedToast(name: string): string {
  return `Successfully deleted "${name}"`;
}

/** The toast after renaming a team (the spec shows none; members expect to know it was saved). */
export function fantasyTeamRenamedToast(name: string): string {
  return `Saved the new name "${name}"`;
}

/**
 * The player search's result count (spec 3 §2: 'N players found').
 *
 * @example
 * ```ts
 * playersFoundText(12); // '12 players found'
 * playersFoundText(1); // '1 player found'
 * ```
 */
export function playersFoundText(count: number): string {
  return `${count} ${count === 1 ? 'player' : 'players'} found`;
}

/** The label of a fantasy sport id ('' for an unknown one). */
export function fantasySportLabel(sportId: number): string {
  return FANTASY_SPORTS.find((sport) => sport.id === sportId)?.label ?? '';
}

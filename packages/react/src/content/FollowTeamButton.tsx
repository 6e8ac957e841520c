/**
 * The Follow Team button of a team header (spec 2 §2, §4): "Follow Team" or "Following". The
 * caller decides what a click does (follow, unfollow with its toast, or the sign-in prompt for
 * visitors).
 * @module
 */

/** Props of {@link FollowTeamButton}. */
export interface FollowTeamButtonProps {
  /** True when the member follows the team. */
  following: boolean;
  /** Follows or unfollows (or opens the sign-in prompt). */
  onToggle: () => void;
  /** True while the call runs. */
  busy?: boolean;
  /** The team's name, for the accessible name. */
  teamName?: string;
}

/**
 * The follow toggle of a team.
 *
 * @example
 * ```tsx
 * <FollowTeamButton following={isFollowing} onToggle={toggleFollow} teamName={team.fullName} />
 * ```
 */
export function FollowTeamButton({ following, onToggle, busy = false, teamName }: FollowTeamButtonProps) {
  const label = following ? 'Following' : 'Follow Team';
  return (
    <button
      type="button"
      className={`ss-button ss-follow${following ? ' ss-button--secondary is-following' : ''}`}
      aria-pressed={following}
      aria-label={teamName ? `${label}: ${teamName}` : undefined}
      disabled={busy}
      onClick={onToggle}
    >
      {following && (
        <span className="ss-follow__star" aria-hidden="true">
          ★
        </span>
      )}
      {label}
    </button>
  );
}

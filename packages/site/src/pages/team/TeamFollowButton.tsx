/**
 * The team header's Follow Team button: members follow or unfollow through the core's
 * `toggleTeamFollow` (which shows the toast and refetches the session); visitors get the sign-in prompt.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import { isFollowingTeam, toggleTeamFollow } from '@sportspyder/core';
import { FollowTeamButton, useClient, useSession } from '@sportspyder/react';
import { useCallback, useState } from 'react';
import { TeamSpoilerShieldButton } from '../../spoilers/TeamSpoilerShieldButton.js';
import { SignInPrompt } from './SignInPrompt.js';

/** Props of {@link TeamFollowButton}. */
export interface TeamFollowButtonProps {
  /** The team of the page. */
  team: Team;
}

/** Follow Team for members, the sign-in prompt for visitors. */
export function TeamFollowButton({ team }: TeamFollowButtonProps) {
  const client = useClient();
  const { loggedIn, user } = useSession();
  const [busy, setBusy] = useState(false);
  const [prompt, setPrompt] = useState(false);
  const close = useCallback(() => setPrompt(false), []);
  const following = isFollowingTeam(user, team.id);

  const onToggle = () => {
    if (!loggedIn) {
      setPrompt(true);
      return;
    }
    setBusy(true);
    toggleTeamFollow(client, { team: { id: team.id, name: team.fullName } })
      .catch(() => client.toasts.show('Something went wrong. Try again later.', 'error'))
      .finally(() => setBusy(false));
  };

  return (
    <div className="ss-team-follow">
      <FollowTeamButton following={following} onToggle={onToggle} busy={busy} teamName={team.fullName} />
      {following && <TeamSpoilerShieldButton team={team} />}
      {prompt && <SignInPrompt action={`follow the ${team.fullName}`} onClose={close} />}
    </div>
  );
}

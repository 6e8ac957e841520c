/**
 * "Customize feed" on the team feeds (spec 2 §1, §6): members go to the team's Configure screen
 * (`/settings/configure/{type}/{team}`); visitors get the sign-in / join prompt instead.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import { useSession } from '@sportspyder/react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { SignInPrompt } from './SignInPrompt.js';

/** Props of {@link TeamCustomizeLink}. */
export interface TeamCustomizeLinkProps {
  /** The team of the feed. */
  team: Team;
  /** Which Configure tab opens. */
  type: 'sources' | 'podcasts';
}

/** The Configure link for members, the sign-in prompt for visitors. */
export function TeamCustomizeLink({ team, type }: TeamCustomizeLinkProps) {
  const { loggedIn } = useSession();
  const [prompt, setPrompt] = useState(false);
  const close = useCallback(() => setPrompt(false), []);
  if (loggedIn) {
    return (
      <Link className="ss-team-customize" to={`/settings/configure/${type}/${team.slug}`}>
        Customize feed
      </Link>
    );
  }
  return (
    <span className="ss-team-follow ss-team-customize-wrap">
      <button type="button" className="ss-team-customize" onClick={() => setPrompt(true)}>
        Customize feed
      </button>
      {prompt && <SignInPrompt action={`customize your ${team.fullName} feed`} onClose={close} />}
    </span>
  );
}

/**
 * The team header's spoiler shield switch (issue 49), beside Follow: a toggle button (`aria-pressed`)
 * for a followed team; the hide period is chosen on /settings/spoilers.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import { shieldOf } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { useState } from 'react';
import { useSpoilerShield } from './useSpoilerShield.js';
import './spoilers.css';

/** Props of {@link TeamSpoilerShieldButton}. */
export interface TeamSpoilerShieldButtonProps {
  /** The team of the page (the member follows it). */
  team: Team;
}

/** "Spoiler shield" on or off for a followed team. */
export function TeamSpoilerShieldButton({ team }: TeamSpoilerShieldButtonProps) {
  const client = useClient();
  const { shields, save } = useSpoilerShield();
  const [busy, setBusy] = useState(false);
  if (!shields) return null;
  const shield = shieldOf(shields, team.id);
  const onToggle = () => {
    setBusy(true);
    save([{ ...shield, on: !shield.on }])
      .catch(() => client.toasts.show('Something went wrong. Try again later.', 'error'))
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      className={`ss-button ss-spoiler-toggle${shield.on ? '' : ' ss-button--secondary'}`}
      aria-pressed={shield.on}
      disabled={busy}
      onClick={onToggle}
      title="Hide this team's scores and results until you reveal them"
    >
      Spoiler shield
    </button>
  );
}

/**
 * The PRO trial banner of spec 1 §1: "Enjoy your PRO membership features free for the next {days}
 * days" with 'Learn more' to /settings/pro, for members in a running trial only.
 * @module
 */
import { proStatus, trialBannerText } from '@sportspyder/core';
import { useSession } from '@sportspyder/react';
import { Link } from 'react-router';
import './billing.css';

/** The banner, or nothing outside a running trial. */
export function TrialBanner() {
  const { user } = useSession();
  const status = proStatus(user);
  if (status.state !== 'trial') return null;
  return (
    <aside className="ss-trial-banner" aria-label="PRO trial" data-testid="trial-banner">
      {trialBannerText(status.daysLeft)}
      <Link to="/settings/pro">Learn more</Link>
    </aside>
  );
}

/**
 * /about/pro: what SportSpyder PRO is (no ads anywhere on the site), its plans and trial (core's
 * plan list and trial length), and where to take it (/settings/pro, or /join first).
 * @module
 */
import { PLAN_OPTIONS, PRO_TRIAL_DAYS } from '@sportspyder/core';
import { useSession } from '@sportspyder/react';
import { Link } from 'react-router';
import { StaticPage, StaticSection } from './StaticPage.js';

/** The PRO page. */
export function AboutProPage() {
  const { session } = useSession();
  const signedIn = session?.loggedIn === true;
  return (
    <StaticPage
      title="SportSpyder PRO"
      intro="Follow your teams without the ads. SportSpyder PRO removes every ad and ad video from the site, on every device you sign in on."
    >
      <StaticSection title="What you get">
        <ul>
          <li>No display ads, no sticky ad bar and no ad videos, anywhere on SportSpyder.</li>
          <li>Faster pages: the ad code is not even loaded.</li>
          <li>The PRO badge next to your name in chat, if you want it.</li>
          <li>You support an independent site that links to the publishers it gathers.</li>
        </ul>
      </StaticSection>
      <StaticSection title="Plans">
        <ul>
          {PLAN_OPTIONS.map((plan) => (
            <li key={plan.name}>
              <strong>{plan.label}</strong>: {plan.price}
              {plan.note ? ` (${plan.note})` : ''}
            </li>
          ))}
        </ul>
        <p>
          Every new account starts with {PRO_TRIAL_DAYS} days of PRO for free, with no card needed. Cancel a
          paid plan at any time: it stays active until the end of the period you paid for.
        </p>
        <p>
          {signedIn ? (
            <Link className="ss-button" to="/settings/pro">
              See your PRO membership
            </Link>
          ) : (
            <>
              <Link className="ss-button" to="/join">
                Create a free account
              </Link>{' '}
              or <Link to="/login">sign in</Link> to subscribe.
            </>
          )}
        </p>
      </StaticSection>
      <StaticSection title="Payments">
        <p>
          Payments are handled by our card provider: SportSpyder never sees or stores your card number, only
          its brand, last four digits and expiry date to show you which card is on file.
        </p>
      </StaticSection>
    </StaticPage>
  );
}

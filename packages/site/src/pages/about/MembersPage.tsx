/**
 * /about/members: what a free account adds to browsing (follows, own feed, sources, podcasts,
 * chat, fantasy, notifications and e-mails), with the way in.
 * @module
 */
import { useSession } from '@sportspyder/react';
import { Link } from 'react-router';
import { StaticPage, StaticSection } from './StaticPage.js';

/** The members page. */
export function MembersPage() {
  const { session } = useSession();
  return (
    <StaticPage
      title="For Members"
      intro="Anyone can read SportSpyder. A free account makes it yours: your teams, your sources, your podcasts and a seat in the chat."
    >
      <StaticSection title="Your teams, your feed">
        <ul>
          <li>Follow teams: they are starred everywhere and combined into one feed of your own.</li>
          <li>Subscribe to the sources you like and hide the ones you do not, team by team.</li>
          <li>Build fantasy teams and read the news of every player on your roster together.</li>
        </ul>
      </StaticSection>
      <StaticSection title="Podcasts everywhere">
        <p>
          Follow podcasts and your place in every episode is kept with your account, so you can start on one
          device and finish on another.
        </p>
      </StaticSection>
      <StaticSection title="Talk with other fans">
        <p>
          Chat in each team&rsquo;s live room and comment on articles and episodes. Pick your chat colour,
          reply in threads, and get a notification when someone answers you.
        </p>
      </StaticSection>
      <StaticSection title="E-mail on your terms">
        <p>
          Choose which notifications you receive, get your team&rsquo;s recap daily or weekly, and unsubscribe
          from any e-mail with one click. Every choice is in your settings.
        </p>
      </StaticSection>
      <StaticSection title="Join">
        {session?.loggedIn ? (
          <p>
            You are a member already: <Link to="/profile">open your profile</Link> or{' '}
            <Link to="/settings/account">your settings</Link>.
          </p>
        ) : (
          <p>
            <Link className="ss-button" to="/join">
              Create a free account
            </Link>{' '}
            New accounts include a week of <Link to="/about/pro">SportSpyder PRO</Link>.
          </p>
        )}
      </StaticSection>
    </StaticPage>
  );
}

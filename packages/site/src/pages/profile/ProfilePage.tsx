/**
 * The member's profile (/profile, spec 3): name with the PRO badge link, an Edit button to the account
 * settings, the followed teams, the fantasy teams, the notification messages (the newest few, see
 * ProfileNotifications) and the recent listens (8, with delete; spec 1 §9).
 * @module
 */
import { PROFILE_NO_TEAMS_TEXT } from '@sportspyder/core';
import { useReference, useSession } from '@sportspyder/react';
import { followedTeams } from '../../components/followedTeams.js';
import { RouterLink } from '../../components/RouterLink.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { RecentListens } from '../../player/RecentListens.js';
import { ProfileNotifications } from './ProfileNotifications.js';
import './profile.css';

/** The profile page (members only: the route sits behind the sign-in guard). */
export function ProfilePage() {
  const { user } = useSession();
  const { teamsBySlug } = useReference();
  const name = user ? user.displayName || user.username : 'Profile';
  useDocumentTitle(user ? `${name}'s Profile` : 'Profile');
  if (!user) return null;
  const teams = followedTeams(user, teamsBySlug);
  return (
    <article className="ss-page ss-profile">
      <header className="ss-page__header ss-profile__header">
        <h1 className="ss-page__title">
          {name}
          {user.pro && (
            <RouterLink
              className="ss-profile__pro"
              href="/settings/pro"
              aria-label="PRO member: your membership"
            >
              PRO
            </RouterLink>
          )}
        </h1>
        <RouterLink className="ss-button" href="/settings/account">
          Edit
        </RouterLink>
      </header>

      <section className="ss-card" aria-labelledby="profile-teams">
        <h2 id="profile-teams" className="ss-card__title">
          Following
        </h2>
        {teams.length === 0 ? (
          <p className="ss-page__description">
            {PROFILE_NO_TEAMS_TEXT}. <RouterLink href="/">Pick your teams</RouterLink>.
          </p>
        ) : (
          <ul className="ss-profile__teams">
            {teams.map((team) => (
              <li key={team.id}>
                <RouterLink href={`/${team.sportSlug}/${team.slug}`}>
                  <img src={team.logo} alt="" width={24} height={24} />
                  {team.fullName}
                </RouterLink>
              </li>
            ))}
          </ul>
        )}
        <RouterLink href="/settings/following">Edit teams</RouterLink>
      </section>

      <section className="ss-card" aria-labelledby="profile-fantasy">
        <h2 id="profile-fantasy" className="ss-card__title">
          Fantasy Teams
        </h2>
        {user.fantasyTeams.length === 0 ? (
          <p className="ss-page__description">
            You don't have any fantasy teams yet.{' '}
            <RouterLink href="/settings/fantasy/new">Create a fantasy team</RouterLink>.
          </p>
        ) : (
          <ul className="ss-profile__fantasy">
            {user.fantasyTeams.map((team) => (
              <li key={team.id}>
                <RouterLink href={`/fantasy_teams/${team.id}/news`}>{team.name}</RouterLink>
              </li>
            ))}
          </ul>
        )}
        <RouterLink href="/settings/fantasy">Edit fantasy teams</RouterLink>
      </section>

      <ProfileNotifications />

      <section className="ss-card" aria-labelledby="profile-listens">
        <h2 id="profile-listens" className="ss-card__title">
          Recent Listens
        </h2>
        <RecentListens />
      </section>
    </article>
  );
}

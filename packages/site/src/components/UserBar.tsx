/**
 * The user bar under the sport navigation for members (spec 1 §2.5): My Podcasts, Following and
 * Fantasy menus. The My Podcasts menu lists the member's 3 most recent listens.
 * @module
 */
import { collegeTeamName, episodeName, MENU_RECENT_LISTENS } from '@sportspyder/core';
import { useReference, useSession } from '@sportspyder/react';
import { Link } from 'react-router';
import { useRecentListens } from '../player/useRecentListens.js';
import { Dropdown } from './Dropdown.js';
import { followedTeams } from './followedTeams.js';
import { ChevronIcon } from './Icons.js';

function MenuLabel({ text }: { text: string }) {
  return (
    <>
      {text}
      <ChevronIcon />
    </>
  );
}

/** The 3 most recent listens of the My Podcasts menu. */
function MenuListens({ enabled }: { enabled: boolean }) {
  const listens = useRecentListens(MENU_RECENT_LISTENS, enabled);
  const items = listens.data?.podcastListens.slice(0, MENU_RECENT_LISTENS) ?? [];
  if (items.length === 0) return null;
  return (
    <>
      {items.map((listen) => (
        <li key={listen.id} className="ss-menu-list__listen" role="none">
          <Link role="menuitem" to={`/episodes/${listen.podcastEpisode.id}`}>
            {/* A menu item cannot hold a reveal control: a marked title (issue 49) names the podcast. */}
            {episodeName(listen.podcastEpisode)}
            <span className="ss-menu-list__sub">{listen.podcastEpisode.podcast.title}</span>
          </Link>
        </li>
      ))}
      <li className="ss-menu-list__separator" role="none" />
    </>
  );
}

/** The members' bar; renders nothing for visitors. */
export function UserBar() {
  const { loggedIn, user } = useSession();
  const { teamsBySlug } = useReference();
  if (!loggedIn || !user) return null;
  const teams = followedTeams(user, teamsBySlug);
  return (
    <nav className="ss-userbar" aria-label="Your SportSpyder">
      <div className="ss-userbar__inner">
        <Dropdown
          label={<MenuLabel text="My Podcasts" />}
          ariaLabel="My Podcasts"
          buttonClassName="ss-userbar__toggle"
        >
          <ul className="ss-menu-list" role="none">
            <MenuListens enabled={loggedIn} />
            <li role="none">
              <Link role="menuitem" to="/settings/podcasts/listens">
                Recent listens
              </Link>
            </li>
            <li role="none">
              <Link role="menuitem" to="/settings/podcasts/latest">
                Latest episodes
              </Link>
            </li>
            <li role="none">
              <Link role="menuitem" to="/settings/podcasts/following">
                My podcasts
              </Link>
            </li>
          </ul>
        </Dropdown>
        <Dropdown
          label={<MenuLabel text="Following" />}
          ariaLabel="Following"
          buttonClassName="ss-userbar__toggle"
        >
          <ul className="ss-menu-list" role="none">
            {teams.length === 0 ? (
              // A disabled item rather than bare text: a menu's screen-reader users hear only its items.
              <li role="none">
                <span className="ss-menu-list__empty" role="menuitem" aria-disabled="true" tabIndex={-1}>
                  You aren't following any teams
                </span>
              </li>
            ) : (
              <>
                <li role="none">
                  <Link role="menuitem" to={`/news/${encodeURIComponent(user.username)}`}>
                    All my teams
                  </Link>
                </li>
                {teams.map((team) => (
                  <li key={team.id} role="none">
                    <Link role="menuitem" to={`/${team.sportSlug}/${team.slug}/news`}>
                      {collegeTeamName(team.fullName)}
                    </Link>
                  </li>
                ))}
              </>
            )}
            <li className="ss-menu-list__separator" role="none">
              <Link role="menuitem" to="/settings/following">
                Edit teams
              </Link>
            </li>
          </ul>
        </Dropdown>
        <Dropdown
          label={<MenuLabel text="Fantasy" />}
          ariaLabel="Fantasy"
          buttonClassName="ss-userbar__toggle"
        >
          <ul className="ss-menu-list" role="none">
            {user.fantasyTeams.length === 0 ? (
              <li role="none">
                <Link role="menuitem" to="/settings/fantasy/new">
                  Create a fantasy team
                </Link>
              </li>
            ) : (
              user.fantasyTeams.map((fantasy) => (
                <li key={fantasy.id} role="none">
                  <Link role="menuitem" to={`/fantasy_teams/${fantasy.id}/news`}>
                    {fantasy.name}
                  </Link>
                </li>
              ))
            )}
          </ul>
        </Dropdown>
      </div>
    </nav>
  );
}

/**
 * The sport teams page (/sports/:sportId/teams, spec 2 §2): the sport's divisions (or college
 * conferences) from the precache in 3 columns for mcb, cf and premier-league and 2 otherwise,
 * college names without "Basketball"/"Football", a star on the member's followed teams, each team
 * linking to its news.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import { collegeTeamName, divisionTitle, teamListColumns } from '@sportspyder/core';
import { teamNewsHref, useLinkComponent, useSession } from '@sportspyder/react';
import { useOutletContext } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import type { SportOutletContext } from '../SportLayout.js';
import './sport.css';

/** A group of teams to render: a division or a conference. */
interface TeamGroup {
  id: number;
  name: string;
  teams: Team[];
}

/** The sport teams page. */
export function SportTeamsPage() {
  const { sport } = useOutletContext<SportOutletContext>();
  const { user } = useSession();
  const Link = useLinkComponent();
  const title = `${sport.name} Teams`;
  useDocumentTitle(title);
  const followed = new Set((user?.followingTeams ?? []).map((f) => f.teamId));
  const groups: TeamGroup[] = [
    ...(sport.divisions ?? []).map((d) => ({ id: d.id, name: divisionTitle(d), teams: d.teams ?? [] })),
    ...(sport.conferences ?? []).map((c) => ({ id: c.id, name: c.name, teams: c.teams ?? [] })),
  ];
  const columns = teamListColumns(sport.slug);
  return (
    <article className="ss-page ss-sport-teams">
      <h1 className="ss-page__title">{title}</h1>
      {groups.length === 0 ? (
        <p className="ss-page__description">No {sport.name} teams yet.</p>
      ) : (
        <div className={`ss-team-columns ss-team-columns--${columns}`} data-columns={columns}>
          {groups.map((group) => (
            <section
              key={group.id}
              className="ss-card ss-team-division"
              aria-label={group.name || sport.name}
            >
              {group.name && <h2 className="ss-team-division__title">{group.name}</h2>}
              <ul className="ss-team-division__list">
                {group.teams.map((team) => {
                  const name = sport.isCollege ? collegeTeamName(team.fullName) : team.fullName;
                  const star = followed.has(team.id) || followed.has(team.teamId);
                  return (
                    <li key={team.id} className="ss-team-division__team">
                      <img src={team.logo} alt="" width={24} height={24} loading="lazy" />
                      <Link href={teamNewsHref(team)}>{name}</Link>
                      {star && (
                        <span className="ss-team-star" role="img" aria-label="Following">
                          ★
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
    </article>
  );
}

/**
 * The mobile navigation panel (spec 1 §2.6): a list of sports (with "Following" when the member follows
 * teams, and "Other" for topics) and, beside it, the chosen entry's teams. Division 50 is titled
 * "Teams" and division 56 has no title here.
 * @module
 */
import type { Sport, Team, Topic } from '@sportspyder/contract';
import { collegeTeamName, divisionTitle, shortSportName } from '@sportspyder/core';
import { sportSectionLinks, teamNewsPath, useReference, useSession } from '@sportspyder/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { followedTeams } from './followedTeams.js';

const FOLLOWING = ':following';
const OTHER = ':other';

/** The nav panel content. */
export function MobileNavPanel() {
  const { sports, topics, teamsBySlug } = useReference();
  const { user } = useSession();
  const following = followedTeams(user, teamsBySlug);
  const [selected, setSelected] = useState<string>(
    following.length > 0 ? FOLLOWING : (sports[0]?.slug ?? OTHER),
  );
  const sport = sports.find((s) => s.slug === selected);

  const entries: { id: string; label: string }[] = [
    ...(following.length > 0 ? [{ id: FOLLOWING, label: 'Following' }] : []),
    ...sports.map((s) => ({ id: s.slug, label: shortSportName(s) })),
    { id: OTHER, label: 'Other' },
  ];

  return (
    <div className="ss-mpanel ss-mpanel--nav" role="dialog" aria-label="Sports menu">
      <ul className="ss-mnav__sports" aria-label="Sports">
        {entries.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className={`ss-mnav__sport${entry.id === selected ? ' is-active' : ''}`}
              aria-pressed={entry.id === selected}
              onClick={() => setSelected(entry.id)}
            >
              {entry.label}
            </button>
          </li>
        ))}
      </ul>
      <div className="ss-mnav__teams" data-testid="mobile-teams-panel">
        {selected === FOLLOWING && <TeamGroup title="Following" teams={following} label="fullName" />}
        {selected === OTHER && <TopicList topics={topics} />}
        {sport && <SportTeams sport={sport} />}
      </div>
    </div>
  );
}

function SportTeams({ sport }: { sport: Sport }) {
  return (
    <>
      <ul className="ss-mnav__sections">
        {sportSectionLinks(sport.slug).map((link) => (
          <li key={link.label}>
            <Link to={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
      {sport.isCollege
        ? (sport.conferences ?? []).map((conference) => (
            <TeamGroup
              key={conference.id}
              title={conference.name}
              teams={conference.teams ?? []}
              label="location"
            />
          ))
        : (sport.divisions ?? []).map((division) => (
            <TeamGroup
              key={division.id}
              title={divisionTitle(division, { mobile: true })}
              teams={division.teams ?? []}
              label="fullName"
            />
          ))}
    </>
  );
}

function TeamGroup({
  title,
  teams,
  label,
}: {
  title: string;
  teams: readonly Team[];
  label: 'fullName' | 'location';
}) {
  return (
    <section className="ss-mnav__group">
      {title && <h3 className="ss-mnav__title">{title}</h3>}
      <ul>
        {teams.map((team) => (
          <li key={team.id}>
            <Link to={teamNewsPath(team)}>
              {label === 'location' ? team.location : collegeTeamName(team.fullName)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TopicList({ topics }: { topics: readonly Topic[] }) {
  return (
    <section className="ss-mnav__group">
      <h3 className="ss-mnav__title">Other Sports</h3>
      <ul>
        {topics.map((topic) => (
          <li key={topic.id}>
            <Link to={`/s/${topic.slug}`}>{topic.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

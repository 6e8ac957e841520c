/**
 * The desktop sport navigation bar (spec 1 §2.4): one entry per sport plus "More", each opening a
 * hover menu after a short delay so that sweeping the pointer across the bar does not flash menus.
 * @module
 */
import type { Conference, Sport, Team, Topic } from '@sportspyder/contract';
import {
  COLLEGE_CONFERENCE_HOVER_MS,
  divisionTitle,
  MORE_LABEL,
  NAV_HOVER_CLOSE_MS,
  NAV_HOVER_OPEN_MS,
  shortSportName,
  splitInHalves,
} from '@sportspyder/core';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type LinkComponent, useLinkComponent } from './Link.js';

/** Props of {@link SportNav}. */
export interface SportNavProps {
  /** Sports with their divisions (pro) or conferences (college) and teams, from the reference precache. */
  sports: readonly Sport[];
  /** Topics (other sports) listed under "More". */
  topics: readonly Topic[];
  /** Slug of the sport of the current page, highlighted in the bar. */
  activeSport?: string | null;
  /** Link component override (defaults to the {@link LinkProvider}'s). */
  LinkComponent?: LinkComponent;
}

/** What the desktop menu shows in place of the unnamed division's title (spec 1 §2.4). */
export const DIVISION_DASH = '–';

/** What the "More" entry's name adds to its visible label, for screen readers ("More sports"). */
export const MORE_LINK_SUFFIX = 'sports';

/** Identifier of the "More" entry in the open-menu state (sport slugs never contain a colon). */
const MORE = ':more';

/** The section links of a sport menu, in the spec's order. */
export function sportSectionLinks(sportSlug: string): { label: string; href: string }[] {
  return [
    { label: 'Teams', href: `/sports/${sportSlug}/teams` },
    { label: 'Popular', href: `/sports/${sportSlug}` },
    { label: 'News', href: `/sports/${sportSlug}/news` },
    { label: 'Podcasts', href: `/sports/${sportSlug}/podcasts` },
    { label: 'Players', href: `/sports/${sportSlug}/players` },
  ];
}

/** The news page of a team: `/{sport}/{team}/news`. */
export function teamNewsPath(team: Pick<Team, 'slug' | 'sportSlug'>): string {
  return `/${team.sportSlug}/${team.slug}/news`;
}

/**
 * The sport navigation bar: hovering an entry opens its menu after 100 ms and leaving closes it
 * after 200 ms (spec 1 §9); focus opens it at once for keyboard users and Escape closes it.
 *
 * @example
 * ```tsx
 * const { sports, topics } = useReference();
 * <SportNav sports={sports} topics={topics} activeSport="nfl" />
 * ```
 */
export function SportNav({ sports, topics, activeSport, LinkComponent }: SportNavProps) {
  const Link = useLinkComponent(LinkComponent);
  const [open, setOpen] = useState<string | null>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearTimers = () => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  };
  useEffect(
    () => () => {
      clearTimeout(openTimer.current);
      clearTimeout(closeTimer.current);
    },
    [],
  );

  const hoverEnter = (id: string) => {
    clearTimers();
    if (open === id) return;
    openTimer.current = setTimeout(() => setOpen(id), NAV_HOVER_OPEN_MS);
  };
  const hoverLeave = () => {
    clearTimers();
    closeTimer.current = setTimeout(() => setOpen(null), NAV_HOVER_CLOSE_MS);
  };
  const closeNow = () => {
    clearTimers();
    setOpen(null);
  };
  const focusOpen = (id: string) => {
    clearTimers();
    setOpen(id);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') closeNow();
  };

  const entry = (id: string, label: ReactNode, href: string, menu: () => ReactNode, active: boolean) => (
    <li
      key={id}
      className={`ss-sportnav__item${open === id ? ' is-open' : ''}${active ? ' is-active' : ''}`}
      onMouseEnter={() => hoverEnter(id)}
      onMouseLeave={hoverLeave}
      onKeyDown={onKeyDown}
    >
      <Link
        href={href}
        className="ss-sportnav__link"
        aria-current={active ? 'page' : undefined}
        onFocus={() => focusOpen(id)}
        onClick={closeNow}
      >
        {label}
      </Link>
      {open === id && (
        <div className="ss-sportnav__menu" data-testid={`sport-menu-${id}`}>
          {menu()}
        </div>
      )}
    </li>
  );

  return (
    <nav className="ss-sportnav" aria-label="Sports">
      <ul className="ss-sportnav__list">
        {sports.map((sport) =>
          entry(
            sport.slug,
            shortSportName(sport),
            `/sports/${sport.slug}`,
            () =>
              sport.isCollege ? (
                <CollegeMenu sport={sport} Link={Link} onNavigate={closeNow} />
              ) : (
                <ProMenu sport={sport} Link={Link} onNavigate={closeNow} />
              ),
            activeSport === sport.slug,
          ),
        )}
        {/* "More" waits for the sports: rendered before them, it stood alone at the bar's left and jumped
            to its end when they came, the page's largest layout shift (issue 46; the bar keeps its
            height empty, the site's nav.css). */}
        {sports.length > 0 &&
          entry(
            MORE,
            // "More" alone does not say where the link goes (Lighthouse's link-text audit, issue 46): the
            // visible label stays the spec's, the link's text and name read "More sports".
            <>
              <span>{MORE_LABEL}</span>
              <span className="ss-visually-hidden"> {MORE_LINK_SUFFIX}</span>
            </>,
            '/topics',
            () => <MoreMenu topics={topics} Link={Link} onNavigate={closeNow} />,
            false,
          )}
      </ul>
    </nav>
  );
}

/** What every menu receives: the link component and a callback closing the menu after a link is followed. */
interface MenuProps {
  Link: LinkComponent;
  // The next page should not open under a stale menu.
  onNavigate: () => void;
}

function SectionLinks({ sport, Link, onNavigate }: MenuProps & { sport: Sport }) {
  return (
    <ul className="ss-menu__sections">
      {sportSectionLinks(sport.slug).map((link) => (
        <li key={link.label}>
          <Link href={link.href} onClick={onNavigate}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A pro league's menu: section links, then teams grouped by division. */
function ProMenu({ sport, Link, onNavigate }: MenuProps & { sport: Sport }) {
  return (
    <div className="ss-menu ss-menu--pro">
      <SectionLinks sport={sport} Link={Link} onNavigate={onNavigate} />
      <div className="ss-menu__groups">
        {(sport.divisions ?? []).map((division) => (
          <section key={division.id} className="ss-menu__group">
            <h3 className="ss-menu__group-title">{divisionTitle(division) || DIVISION_DASH}</h3>
            <ul>
              {(division.teams ?? []).map((team) => (
                <li key={team.id}>
                  <Link href={teamNewsPath(team)} onClick={onNavigate}>
                    {team.fullName}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

/**
 * A college sport's menu: conferences on the left, the hovered conference's teams (by location)
 * on the right. The switch waits 100 ms so that moving down to the teams does not cross-select.
 */
function CollegeMenu({ sport, Link, onNavigate }: MenuProps & { sport: Sport }) {
  const conferences: Conference[] = sport.conferences ?? [];
  const [activeId, setActiveId] = useState<number | undefined>(conferences[0]?.id);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const active = conferences.find((c) => c.id === activeId) ?? conferences[0];

  const hover = (id: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setActiveId(id), COLLEGE_CONFERENCE_HOVER_MS);
  };

  return (
    <div className="ss-menu ss-menu--college">
      <SectionLinks sport={sport} Link={Link} onNavigate={onNavigate} />
      <div className="ss-menu__college">
        <ul className="ss-menu__conferences" aria-label="Conferences">
          {conferences.map((conference) => (
            <li
              key={conference.id}
              className={conference.id === active?.id ? 'is-active' : undefined}
              onMouseEnter={() => hover(conference.id)}
              onMouseLeave={() => clearTimeout(timer.current)}
            >
              <button
                type="button"
                className="ss-menu__conference"
                aria-pressed={conference.id === active?.id}
                onClick={() => {
                  // Click (and keyboard) selects at once; the delay is only for passing pointers.
                  clearTimeout(timer.current);
                  setActiveId(conference.id);
                }}
              >
                {conference.shortName || conference.name}
              </button>
            </li>
          ))}
        </ul>
        {active && (
          <section className="ss-menu__group" aria-label={active.name}>
            <h3 className="ss-menu__group-title">{active.name}</h3>
            <ul className="ss-menu__college-teams">
              {(active.teams ?? []).map((team) => (
                <li key={team.id}>
                  <Link href={teamNewsPath(team)} onClick={onNavigate}>
                    {team.location}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

/** The "More" menu: topics in two columns, each linking to `/s/{topicSlug}`. */
function MoreMenu({ topics, Link, onNavigate }: MenuProps & { topics: readonly Topic[] }) {
  const columns = splitInHalves(topics);
  return (
    <div className="ss-menu ss-menu--more">
      <div className="ss-menu__columns">
        {columns.map((column, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: exactly two fixed columns
          <ul key={index} className="ss-menu__column" data-testid="more-column">
            {column.map((topic) => (
              <li key={topic.id}>
                <Link href={`/s/${topic.slug}`} onClick={onNavigate}>
                  {topic.name}
                </Link>
              </li>
            ))}
          </ul>
        ))}
      </div>
      <p className="ss-menu__footer">
        <Link href="/topics" onClick={onNavigate}>
          All other sports
        </Link>
      </p>
    </div>
  );
}

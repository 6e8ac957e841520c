/**
 * The Configure screen (/settings/configure/:type?/:id?, spec 2 §2 "Other links", §4, spec 3 §2):
 * the sources or podcasts hidden from a team's feeds, each with "Add to feed" (which turns into an
 * "added" notice with "Hide again"), the team's other sources or podcasts with "Hide", a picker of
 * the member's followed teams, and the how-to tip whose open/closed state is remembered locally.
 * Without a type or team the screen goes to the sources of the first followed team.
 * @module
 */
import type { PodcastList, SourceList, Team } from '@sportspyder/contract';
import { getCustomFeed, listTeamPodcasts, listTeamSources, nothingHiddenText } from '@sportspyder/core';
import { useClient, useReference, useResource, useSession } from '@sportspyder/react';
import { Link, Navigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { ConfigureList } from './ConfigureList.js';
import { type ConfigureType, configureItems, configurePath, isConfigureType } from './configureItems.js';
import { useStoredFlag } from './useStoredFlag.js';
import './configure.css';

/** Where the open/closed state of the how-to tip is remembered. */
export const CONFIGURE_TIP_KEY = 'sportspyder.configureTip';

/** The cache key prefix of the Configure screen's reads (refreshed after each change). */
export const CONFIGURE_KEY = 'site/configure';

const TYPE_LABELS: Record<ConfigureType, string> = { sources: 'Sources', podcasts: 'Podcasts' };

/** The how-to tip of the Configure screen. */
function HowToTip({ type }: { type: ConfigureType }) {
  const [open, setOpen] = useStoredFlag(CONFIGURE_TIP_KEY, true);
  const what = type === 'sources' ? 'source' : 'podcast';
  return (
    <section className="ss-configure__tip">
      <button
        type="button"
        className="ss-configure__tip-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        How to customize your team feeds
      </button>
      {open && (
        <div className="ss-configure__tip-body">
          <p>
            Don't want to see a {what} in a team feed? Choose <strong>Hide</strong> on one of its{' '}
            {type === 'sources' ? 'articles' : 'episodes'} in the team's feed, or choose <strong>Hide</strong>{' '}
            below.
          </p>
          <p>
            Hidden {type} are listed here. Choose <strong>Add to feed</strong> to see them again.
          </p>
          <button type="button" className="ss-configure__tip-close" onClick={() => setOpen(false)}>
            Got it
          </button>
        </div>
      )}
    </section>
  );
}

/** Picks the first followed team when the URL names no team. */
function useDefaultTeam(): Team | null | undefined {
  const { user, loading } = useSession();
  const reference = useReference();
  if (loading || reference.loading) return undefined;
  const first = user?.followingTeams[0];
  if (!first) return null;
  return Object.values(reference.teamsBySlug).find((team) => team.id === first.teamId) ?? null;
}

/** The Configure screen. */
export function ConfigurePage() {
  const params = useParams();
  const client = useClient();
  const { teamsBySlug, sports } = useReference();
  const defaultTeam = useDefaultTeam();
  const type: ConfigureType = isConfigureType(params.type) ? params.type : 'sources';
  const id = params.id ?? '';
  const team = teamsBySlug[id];
  const sport = team ? undefined : sports.find((s) => s.slug === id);
  const scopeName = team?.fullName ?? sport?.name ?? id;
  useDocumentTitle(id ? `Configure ${scopeName} ${TYPE_LABELS[type]}` : 'Configure Feeds');

  const feed = useResource(
    { path: `${CONFIGURE_KEY}/feed`, params: { id, type } },
    () => getCustomFeed(client, { id, type }),
    { enabled: id !== '' },
  );
  const all = useResource<SourceList | PodcastList>(
    { path: `${CONFIGURE_KEY}/all`, params: { id, type } },
    () =>
      type === 'sources'
        ? listTeamSources(client, { teamId: id, full: true, perPage: 100 })
        : listTeamPodcasts(client, { teamId: id, perPage: 100 }),
    { enabled: team !== undefined },
  );

  if (!id || !isConfigureType(params.type)) {
    const slug = id || defaultTeam?.slug;
    if (slug) return <Navigate to={configurePath(type, slug)} replace />;
    if (defaultTeam === undefined) return <p className="ss-loading-text">Loading…</p>;
    return (
      <article className="ss-page ss-configure">
        <h1 className="ss-page__title">Configure Feeds</h1>
        <p className="ss-page__description">
          Follow a team to choose the sources and podcasts of its feed. <Link to="/">Find a team</Link>
        </p>
      </article>
    );
  }

  const data = feed.data?.customFeed;
  const items = data ? configureItems(type, data, all.data, team?.id) : null;
  return (
    <article className="ss-page ss-configure">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Configure {scopeName}</h1>
        <p className="ss-page__description">Choose the {type} of your team feeds.</p>
      </header>
      <nav className="ss-tabs ss-configure__tabs" aria-label="Configure">
        {(['sources', 'podcasts'] as const).map((t) => (
          <Link
            key={t}
            to={configurePath(t, id)}
            className={`ss-tabs__tab${t === type ? ' active' : ''}`}
            aria-current={t === type ? 'page' : undefined}
          >
            {TYPE_LABELS[t]}
          </Link>
        ))}
      </nav>
      {data && data.teams.length > 1 && (
        <nav className="ss-configure__teams" aria-label="Teams">
          {data.teams.map((t) => (
            <Link
              key={t.id}
              to={configurePath(type, t.slug)}
              className={`ss-configure__team${t.slug === id ? ' is-selected' : ''}`}
              aria-current={t.slug === id ? 'page' : undefined}
            >
              <img src={t.logo} alt="" width={24} height={24} />
              {t.fullName ?? t.name}
            </Link>
          ))}
        </nav>
      )}
      <HowToTip type={type} />
      {feed.status === 'error' && !data ? (
        <p className="ss-page__description">This feed could not be loaded. Try again later.</p>
      ) : items ? (
        <ConfigureList
          type={type}
          hidden={items.hidden}
          visible={items.visible}
          emptyText={nothingHiddenText(type, scopeName)}
          teamName={scopeName}
          teamSlug={team?.slug}
        />
      ) : (
        <p className="ss-loading-text">Loading…</p>
      )}
    </article>
  );
}

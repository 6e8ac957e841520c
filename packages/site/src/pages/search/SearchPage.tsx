/**
 * The search pages (spec 2 "Search"): `/search` shows every section with its count and first results,
 * `/search/{teams|topics|players|sources|podcasts|articles|episodes}` one section with paging, articles
 * and episodes also with sort and time filter. The state is the URL's (q, sort, filter, page); results
 * are fetched only for a non-blank q.
 * @module
 */
import type {
  Article,
  Player,
  Podcast,
  PodcastEpisode,
  SearchMeta,
  SearchResults,
  Source,
  Team,
  Topic,
} from '@sportspyder/contract';
import {
  numberFormat,
  type ResourceSnapshot,
  type SearchParams,
  type SearchSectionName,
  searchAll,
  searchArticles,
  searchPlayers,
  searchPodcastEpisodes,
  searchPodcasts,
  searchSources,
  searchTeams,
  searchTopics,
} from '@sportspyder/core';
import {
  NoSearchResults,
  Pagination,
  RssLink,
  SearchOrderControls,
  SearchSection,
  StopWordsNote,
  useClient,
} from '@sportspyder/react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { useContent } from '../sport/useContent.js';
import { SearchForm } from './SearchForm.js';
import {
  ArticleCards,
  episodeRows,
  NameRows,
  PlayerCards,
  PostCards,
  podcastRows,
  siteRows,
  sourceRows,
  teamRows,
  topicRows,
} from './search-results.js';
import { type SearchUrlState, searchHref, useSearchUrl } from './useSearchUrl.js';
import './search-pages.css';

/** The title of each section. */
const SECTION_TITLES: Record<SearchSectionName, string> = {
  teams: 'Teams',
  topics: 'Topics',
  players: 'Players',
  sources: 'Sources',
  podcasts: 'Podcasts',
  articles: 'Articles',
  episodes: 'Episodes',
};

/** Sections whose results have a date: they take the sort and the time filter. */
const DATED: ReadonlySet<SearchSectionName> = new Set(['articles', 'episodes']);

/** Props of {@link SearchPage}. */
export interface SearchPageProps {
  /** The one section shown, or every section. */
  section?: SearchSectionName;
}

/**
 * A search page.
 *
 * @example
 * ```tsx
 * <Route path="search/articles" element={<SearchPage section="articles" />} />
 * ```
 */
export function SearchPage({ section }: SearchPageProps) {
  const state = useSearchUrl();
  const heading = section ? `Search ${SECTION_TITLES[section]}` : 'Search';
  useDocumentTitle(state.q ? `${heading}: ${state.q}` : heading);
  return (
    <article className="ss-page ss-search-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{state.q ? `${heading} for “${state.q}”` : heading}</h1>
      </header>
      <SearchForm section={section} state={state} />
      <SectionTabs current={section} state={state} />
      {state.q === null ? (
        <p className="ss-page__description">
          Search for teams, players, topics, sources, podcasts and stories.
        </p>
      ) : section ? (
        <SectionResults section={section} state={{ ...state, q: state.q }} />
      ) : (
        <AllResults state={{ ...state, q: state.q }} />
      )}
    </article>
  );
}

/** Links between the everything page and each section, keeping the query. */
function SectionTabs({ current, state }: { current: SearchSectionName | undefined; state: SearchUrlState }) {
  const link = (section: SearchSectionName | undefined, label: string) => (
    <li key={label}>
      <Link
        className="ss-search-tabs__link"
        to={searchHref(section, { ...state, page: 1 })}
        aria-current={section === current ? 'page' : undefined}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <nav className="ss-search-tabs" aria-label="Search sections">
      <ul>
        {link(undefined, 'All')}
        {(Object.keys(SECTION_TITLES) as SearchSectionName[]).map((s) => link(s, SECTION_TITLES[s]))}
      </ul>
    </nav>
  );
}

type Query = SearchUrlState & { q: string };

function params(state: Query, dated: boolean): SearchParams {
  return dated
    ? { q: state.q, sort: state.sort, filter: state.filter, page: state.page }
    : { q: state.q, page: state.page };
}

/** Loading and error states of a read, or its content. */
function Loaded<T>({ read, children }: { read: ResourceSnapshot<T>; children: (data: T) => ReactNode }) {
  if (read.data) return <>{children(read.data)}</>;
  if (read.status === 'error') {
    return <p className="ss-page__description">The search could not be completed. Try again later.</p>;
  }
  return <p className="ss-loading-text">Loading…</p>;
}

/** Every section at once. */
function AllResults({ state }: { state: Query }) {
  const client = useClient();
  const navigate = useNavigate();
  const read = useContent('search-all', { q: state.q, sort: state.sort, filter: state.filter }, () =>
    searchAll(client, { q: state.q, sort: state.sort, filter: state.filter }),
  );
  return (
    <>
      <SearchOrderControls
        sort={state.sort}
        filter={state.filter}
        onChange={(next) => navigate(searchHref(undefined, { ...state, ...next, page: 1 }))}
      />
      <Loaded read={read}>{(data) => <AllSections data={data} state={state} />}</Loaded>
    </>
  );
}

function AllSections({ data, state }: { data: SearchResults; state: Query }) {
  const { counts } = data.meta;
  if (data.meta.totalResults === 0) return <NoSearchResults stopWords={data.meta.stopWords} />;
  const all = (section: SearchSectionName) => searchHref(section, { ...state, page: 1 });
  const sections: [string, number, string | undefined, ReactNode][] = [
    ['Teams', counts.teams, all('teams'), <NameRows key="t" rows={teamRows(data.teams)} q={state.q} />],
    ['Players', counts.players, all('players'), <PlayerCards key="p" players={data.players} />],
    ['Topics', counts.topics, all('topics'), <NameRows key="to" rows={topicRows(data.topics)} q={state.q} />],
    ['Articles', counts.articles, all('articles'), <ArticleCards key="a" articles={data.articles} />],
    [
      'Episodes',
      counts.episodes,
      all('episodes'),
      <NameRows key="e" rows={episodeRows(data.episodes)} q={state.q} />,
    ],
    [
      'Podcasts',
      counts.podcasts,
      all('podcasts'),
      <NameRows key="po" rows={podcastRows(data.podcasts)} q={state.q} />,
    ],
    [
      'Sources',
      counts.sources,
      all('sources'),
      <NameRows key="s" rows={sourceRows(data.sources)} q={state.q} />,
    ],
    ['Sites', counts.sites, undefined, <NameRows key="si" rows={siteRows(data.sites)} q={state.q} />],
    ['Posts', counts.tweets, undefined, <PostCards key="tw" posts={data.tweets} />],
  ];
  return (
    <>
      <ResultSummary meta={data.meta} />
      {sections
        .filter(([, count]) => count > 0)
        .map(([title, count, href, body]) => (
          <SearchSection key={title} title={title} count={count} allHref={href}>
            {body}
          </SearchSection>
        ))}
    </>
  );
}

/** "N results" (announced politely when it changes) and the note on ignored words. */
function ResultSummary({ meta }: { meta: SearchMeta }) {
  const n = meta.totalResults;
  return (
    <>
      <p className="ss-search-summary" role="status">
        {numberFormat('en-US').format(n)} {n === 1 ? 'result' : 'results'}
      </p>
      <StopWordsNote stopWords={meta.stopWords} />
    </>
  );
}

/** One section with paging. */
function SectionResults({ section, state }: { section: SearchSectionName; state: Query }) {
  const client = useClient();
  const navigate = useNavigate();
  const dated = DATED.has(section);
  const p = params(state, dated);
  const read = useContent(`search-${section}`, { ...p }, () => fetchSection(client, section, p));
  return (
    <>
      {dated && (
        <SearchOrderControls
          sort={state.sort}
          filter={state.filter}
          onChange={(next) => navigate(searchHref(section, { ...state, ...next, page: 1 }))}
        />
      )}
      <Loaded read={read}>
        {(answer) =>
          answer.meta.pagination.totalCount === 0 ? (
            <NoSearchResults stopWords={answer.meta.stopWords} />
          ) : (
            <>
              <ResultSummary meta={answer.meta} />
              <RssLink href={answer.meta.rss} feed="This search's" />
              <SectionItems answer={answer} q={state.q} />
              <Pagination
                page={state.page}
                totalPages={answer.meta.pagination.totalPages}
                hrefFor={(page) => searchHref(section, { ...state, page })}
              />
            </>
          )
        }
      </Loaded>
    </>
  );
}

type ClientOf = Parameters<typeof searchTeams>[0];

/** One section's answer, as data (the read cache keeps data, not elements). */
type SectionAnswer =
  | { section: 'teams'; meta: SearchMeta; items: Team[] }
  | { section: 'topics'; meta: SearchMeta; items: Topic[] }
  | { section: 'players'; meta: SearchMeta; items: Player[] }
  | { section: 'sources'; meta: SearchMeta; items: Source[] }
  | { section: 'podcasts'; meta: SearchMeta; items: Podcast[] }
  | { section: 'articles'; meta: SearchMeta; items: Article[] }
  | { section: 'episodes'; meta: SearchMeta; items: PodcastEpisode[] };

/** Fetches one section. */
async function fetchSection(
  client: ClientOf,
  section: SearchSectionName,
  p: SearchParams,
): Promise<SectionAnswer> {
  switch (section) {
    case 'teams': {
      const r = await searchTeams(client, p);
      return { section, meta: r.meta, items: r.teams };
    }
    case 'topics': {
      const r = await searchTopics(client, p);
      return { section, meta: r.meta, items: r.topics };
    }
    case 'players': {
      const r = await searchPlayers(client, p);
      return { section, meta: r.meta, items: r.players };
    }
    case 'sources': {
      const r = await searchSources(client, p);
      return { section, meta: r.meta, items: r.sources };
    }
    case 'podcasts': {
      const r = await searchPodcasts(client, p);
      return { section, meta: r.meta, items: r.podcasts };
    }
    case 'articles': {
      const r = await searchArticles(client, p);
      return { section, meta: r.meta, items: r.articles };
    }
    case 'episodes': {
      const r = await searchPodcastEpisodes(client, p);
      return { section, meta: r.meta, items: r.podcastEpisodes };
    }
  }
}

/** The items of one section's answer. */
function SectionItems({ answer, q }: { answer: SectionAnswer; q: string }) {
  switch (answer.section) {
    case 'teams':
      return <NameRows rows={teamRows(answer.items)} q={q} />;
    case 'topics':
      return <NameRows rows={topicRows(answer.items)} q={q} />;
    case 'players':
      return <PlayerCards players={answer.items} />;
    case 'sources':
      return <NameRows rows={sourceRows(answer.items)} q={q} />;
    case 'podcasts':
      return <NameRows rows={podcastRows(answer.items)} q={q} />;
    case 'articles':
      return <ArticleCards articles={answer.items} headingLevel={2} />;
    case 'episodes':
      return <NameRows rows={episodeRows(answer.items)} q={q} />;
  }
}

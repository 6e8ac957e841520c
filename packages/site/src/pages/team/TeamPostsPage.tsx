/**
 * The team posts page (/:sportId/:teamId/posts and /tweets, spec 2 §2): the social posts of the
 * team's feed, or "There are no recent posts for {team}".
 * @module
 */
import { noPostsText, POSTS_HEADER } from '@sportspyder/core';
import { AdList, EmptyState, Pagination, PostCard, useClient } from '@sportspyder/react';
import { useOutletContext } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { listAds } from '../sport/useListSettings.js';
import type { TeamOutletContext } from '../TeamLayout.js';
import { useTeamContent } from './useTeamContent.js';
import { useTeamListSettings } from './useTeamListSettings.js';
import './team.css';
import { listTeamTweets } from '@sportspyder/core';

/** The team posts page. */
export function TeamPostsPage() {
  const { team } = useOutletContext<TeamOutletContext>();
  const client = useClient();
  const settings = useTeamListSettings(team);
  const { page, adsVisible, adContext } = settings;
  useDocumentTitle(`${team.fullName} ${POSTS_HEADER}`);
  const posts = useTeamContent('posts', { team: team.slug, page }, () =>
    listTeamTweets(client, { teamId: team.slug, page }),
  );
  const base = `/${team.sportSlug}/${team.slug}/posts`;
  const list = posts.data?.tweets ?? [];
  return (
    <article className="ss-page ss-team-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{POSTS_HEADER}</h1>
      </header>
      {posts.status === 'error' && !posts.data ? (
        <p className="ss-page__description">The posts could not be loaded. Try again later.</p>
      ) : posts.data && adsVisible !== null ? (
        list.length === 0 ? (
          <EmptyState text={noPostsText(team.fullName)} />
        ) : (
          <>
            <AdList
              as="div"
              className="ss-team-posts"
              list="posts"
              ads={listAds(settings, adContext)}
              adClassName="ss-team-posts__ad"
            >
              {list.map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
            </AdList>
            <Pagination
              page={page}
              totalPages={posts.data.meta.pagination.totalPages}
              hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)}
            />
          </>
        )
      ) : (
        <p className="ss-loading-text">Loading…</p>
      )}
    </article>
  );
}

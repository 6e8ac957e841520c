/**
 * The combined news of a member's followed teams (/news/:userId, spec 2 §2 "User combined news";
 * userId is the username) with paging.
 * @module
 */
import { listUserArticles } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { useParams } from 'react-router';
import { useListSettings } from '../sport/useListSettings.js';
import { NewsFeedPage, pageHref } from './NewsFeedPage.js';
import { useNewsContent } from './useNewsContent.js';

/** The user news page. */
export function UserNewsPage() {
  const { userId = '' } = useParams();
  const client = useClient();
  const { page } = useListSettings();
  const articles = useNewsContent('user-articles', { userId, page }, () =>
    listUserArticles(client, { userId, page }),
  );
  return (
    <NewsFeedPage
      title={`${userId}'s Teams News`}
      articles={articles}
      hrefFor={(p) => pageHref(`/news/${userId}`, p)}
      scroll={{
        key: `user/${userId}`,
        fetchPage: async (p) => (await listUserArticles(client, { userId, page: p })).articles,
      }}
      emptyText={`There are no recent articles about ${userId}'s teams.`}
    />
  );
}

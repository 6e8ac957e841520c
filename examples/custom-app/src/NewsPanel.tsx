// The team's latest headlines as SportSpyder's own article cards.
import { listTeamArticles } from '@sportspyder/core';
import { ArticleCard, useClient, useResource } from '@sportspyder/react';

export function NewsPanel({ teamSlug }: { teamSlug: string }) {
  const client = useClient();
  // useResource caches by key: switching back to a team shows its news at once while it revalidates.
  const news = useResource({ path: 'dashboard/articles', params: { team: teamSlug } }, () =>
    listTeamArticles(client, { teamId: teamSlug, perPage: 8 }),
  );
  return (
    <section className="panel" aria-labelledby="news-heading">
      <h2 id="news-heading">News</h2>
      {news.status === 'error' && <p role="alert">The news could not be loaded.</p>}
      {!news.data && news.status !== 'error' && <p aria-busy="true">Loading the news…</p>}
      {news.data?.articles.length === 0 && <p>No headlines yet.</p>}
      {news.data?.articles.map((article) => (
        <ArticleCard key={article.id} article={article} linksInNewWindow />
      ))}
    </section>
  );
}

/**
 * The source news page (/sources/:sourceId/news, spec 2 §2 "Source pages"): the source box
 * (description preview, volume, Subscribe / Unsubscribe with its toasts; visitors get the sign-in
 * prompt) above the source's articles with paging.
 * @module
 */
import type { Source } from '@sportspyder/contract';
import { getSource, listSourceArticles, setSourceSubscription } from '@sportspyder/core';
import { SourceBox, useClient, useSession } from '@sportspyder/react';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { contentKeyPrefix } from '../sport/useContent.js';
import { useListSettings } from '../sport/useListSettings.js';
import { SignInPrompt } from '../team/SignInPrompt.js';
import { NewsFeedPage, pageHref } from './NewsFeedPage.js';
import { numericId, useNewsContent } from './useNewsContent.js';

/** The source news page. */
export function SourceNewsPage() {
  const sourceId = numericId(useParams().sourceId);
  if (sourceId === null) return <Navigate to="/page-not-found" replace />;
  return <SourceNews sourceId={sourceId} />;
}

function SourceNews({ sourceId }: { sourceId: number }) {
  const client = useClient();
  const { loggedIn } = useSession();
  const { page } = useListSettings();
  const [prompt, setPrompt] = useState(false);
  const source = useNewsContent('source', { sourceId }, () => getSource(client, { id: sourceId }));
  const articles = useNewsContent('source-articles', { sourceId, page }, () =>
    listSourceArticles(client, { sourceId, page }),
  );
  const data = source.data?.source;
  const name = data ? data.domain.label || data.domain.name : 'Source';
  const toggle = async (item: Source) => {
    await setSourceSubscription(client, {
      source: { id: item.id, name: item.domain.label || item.domain.name },
      subscribed: !item.following,
    });
    // The source read is the page's own key; refetch it so the button flips.
    await client.cache.invalidate(`api/v1/sources/${item.id}`);
    await client.cache.invalidate(contentKeyPrefix('source'));
  };
  return (
    <NewsFeedPage
      title={`${name} News`}
      articles={articles}
      hrefFor={(p) => pageHref(`/sources/${sourceId}/news`, p)}
      scroll={{
        key: `source/${sourceId}`,
        fetchPage: async (p) => (await listSourceArticles(client, { sourceId, page: p })).articles,
      }}
      emptyText={`There are no recent articles from ${name}.`}
      header={
        data && (
          <>
            <SourceBox
              source={data}
              headingLevel={2}
              loggedIn={loggedIn}
              onToggle={(item) =>
                toggle(item).catch(() => client.toasts.show('Something went wrong. Try again.', 'error'))
              }
              onSignInRequired={() => setPrompt(true)}
            />
            {prompt && <SignInPrompt action={`subscribe to ${name}`} onClose={() => setPrompt(false)} />}
          </>
        )
      }
    />
  );
}

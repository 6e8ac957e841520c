/**
 * The lists of the Configure screen (spec 2 §4): hidden rows with "Add to feed"; a row added back
 * stays in place as an "added" notice with "Hide again" (the refreshed feed no longer lists it);
 * then the team's other sources or podcasts with "Hide". Every button waits for the server.
 * @module
 */
import {
  createHiddenPodcast,
  createHiddenSource,
  deleteHiddenPodcast,
  deleteHiddenSource,
} from '@sportspyder/core';
import { EmptyState, useClient } from '@sportspyder/react';
import { useRef, useState } from 'react';
import type { ConfigureItem, ConfigureType } from './configureItems.js';

/** Props of {@link ConfigureList}. */
export interface ConfigureListProps {
  /** Sources or podcasts. */
  type: ConfigureType;
  /** The hidden rows, from the custom feed. */
  hidden: readonly ConfigureItem[];
  /** The team's rows that are in the feed. */
  visible: readonly ConfigureItem[];
  /** The empty state when nothing is hidden. */
  emptyText: string;
  /** The team's (or sport's) name. */
  teamName: string;
  /** The team's slug (so the team pages' cached feeds refresh). */
  teamSlug: string | undefined;
}

// Runs one hide or unhide call of the core (which refreshes the cached feeds).
function setHidden(client: ReturnType<typeof useClient>, item: ConfigureItem, hide: boolean, slug?: string) {
  const scope = { teamId: item.teamId, teamSlug: slug };
  if (item.type === 'sources') {
    const params = { ...scope, eggId: item.id };
    return hide ? createHiddenSource(client, params) : deleteHiddenSource(client, params);
  }
  const params = { ...scope, podcastId: item.id };
  return hide ? createHiddenPodcast(client, params) : deleteHiddenPodcast(client, params);
}

function ItemHeading({ item }: { item: ConfigureItem }) {
  return (
    <div className="ss-configure__item-main">
      {item.image ? (
        <img className="ss-configure__image" src={item.image} alt="" width={32} height={32} />
      ) : (
        <span className="ss-configure__image" aria-hidden="true" />
      )}
      <div>
        <p className="ss-configure__name">{item.name}</p>
        <p className="ss-configure__meta">
          {[item.teamName, item.volume].filter((part): part is string => Boolean(part)).join(' · ')}
        </p>
      </div>
    </div>
  );
}

/** The hidden and visible lists with their buttons. */
export function ConfigureList({ type, hidden, visible, emptyText, teamName, teamSlug }: ConfigureListProps) {
  const client = useClient();
  // Rows added back in this visit, kept so their "added" notice stays where the row was.
  const [added, setAdded] = useState<ReadonlyMap<string, ConfigureItem>>(new Map());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const order = useRef<string[]>([]);
  for (const item of hidden) if (!order.current.includes(item.key)) order.current.push(item.key);

  const hiddenByKey = new Map(hidden.map((item) => [item.key, item]));
  const rows = order.current
    .map((key) => {
      const item = hiddenByKey.get(key);
      if (item) return { item, added: false };
      const back = added.get(key);
      return back ? { item: back, added: true } : null;
    })
    .filter((row): row is { item: ConfigureItem; added: boolean } => row !== null);
  const inFeed = visible.filter((item) => !added.has(item.key));

  const run = async (item: ConfigureItem, hide: boolean) => {
    setPending((current) => new Set(current).add(item.key));
    try {
      await setHidden(client, item, hide, teamSlug);
      setAdded((current) => {
        const next = new Map(current);
        if (hide) next.delete(item.key);
        else next.set(item.key, item);
        return next;
      });
      if (hide && !order.current.includes(item.key)) order.current.push(item.key);
      await client.cache.invalidate('site/configure');
    } catch {
      client.toasts.show('Something went wrong. Try again later.', 'error');
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(item.key);
        return next;
      });
    }
  };

  const what = type === 'sources' ? 'Sources' : 'Podcasts';
  return (
    <>
      <section className="ss-card ss-configure__section" aria-labelledby="ss-configure-hidden">
        <h2 className="ss-card__title" id="ss-configure-hidden">
          Hidden {what}
        </h2>
        {rows.length === 0 ? (
          <EmptyState text={emptyText} />
        ) : (
          <ul className="ss-configure__list">
            {rows.map(({ item, added: isAdded }) => (
              <li key={item.key} className={`ss-configure__item${isAdded ? ' is-added' : ''}`}>
                <ItemHeading item={item} />
                {isAdded ? (
                  <p className="ss-configure__added" role="status">
                    <span>
                      {item.name} was added to your {teamName} feed
                    </span>
                    <button
                      type="button"
                      className="ss-button ss-button--secondary"
                      disabled={pending.has(item.key)}
                      onClick={() => run(item, true)}
                      aria-label={`Hide ${item.name} again`}
                    >
                      Hide again
                    </button>
                  </p>
                ) : (
                  <button
                    type="button"
                    className="ss-button ss-button--primary"
                    disabled={pending.has(item.key)}
                    onClick={() => run(item, false)}
                    aria-label={`Add ${item.name} to feed`}
                  >
                    Add to feed
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {inFeed.length > 0 && (
        <section className="ss-card ss-configure__section" aria-labelledby="ss-configure-visible">
          <h2 className="ss-card__title" id="ss-configure-visible">
            {what} in your {teamName} feed
          </h2>
          <ul className="ss-configure__list">
            {inFeed.map((item) => (
              <li key={item.key} className="ss-configure__item">
                <ItemHeading item={item} />
                <button
                  type="button"
                  className="ss-button ss-button--secondary"
                  disabled={pending.has(item.key)}
                  onClick={() => run(item, true)}
                  aria-label={`Hide ${item.name}`}
                >
                  Hide
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

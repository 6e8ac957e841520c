/**
 * Hiding a source in a team feed (spec 2 §4): the articles hidden on this page (shown as a notice
 * with Undo and Configure), the hide call and its undo through the core's hidden-source resources.
 * @module
 */
import type { Article, Team } from '@sportspyder/contract';
import { createHiddenSource, deleteHiddenSource } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { useCallback, useState } from 'react';

/** The hides of one team feed page. */
export interface HiddenSources {
  /** The source name of each hidden article, by article id. */
  hidden: ReadonlyMap<number, string>;
  /** Hides the article's source in the team's feeds. */
  hide: (article: Article) => void;
  /** Removes the hide of the article's source. */
  undo: (article: Article) => void;
}

/** The hide state and actions of a team feed. */
export function useHiddenSources(team: Team): HiddenSources {
  const client = useClient();
  const [hidden, setHidden] = useState<ReadonlyMap<number, string>>(new Map());
  const mark = useCallback((article: Article, on: boolean) => {
    setHidden((current) => {
      const next = new Map(current);
      if (on) next.set(article.id, article.domain.name);
      else next.delete(article.id);
      return next;
    });
  }, []);
  const fail = useCallback(
    () => client.toasts.show('Something went wrong. Try again later.', 'error'),
    [client],
  );
  const hide = useCallback(
    (article: Article) => {
      if (!article.egg) return;
      mark(article, true);
      createHiddenSource(client, { eggId: article.egg.id, teamId: team.id, teamSlug: team.slug }).catch(
        () => {
          mark(article, false);
          fail();
        },
      );
    },
    [client, team, mark, fail],
  );
  const undo = useCallback(
    (article: Article) => {
      if (!article.egg) return;
      mark(article, false);
      deleteHiddenSource(client, { eggId: article.egg.id, teamId: team.id, teamSlug: team.slug }).catch(
        () => {
          mark(article, true);
          fail();
        },
      );
    },
    [client, team, mark, fail],
  );
  return { hidden, hide, undo };
}

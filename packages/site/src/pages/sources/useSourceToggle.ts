/**
 * Subscribe / Unsubscribe of a source box on the team source pages (spec 2 §4): the core call with
 * its toast, then the page's own reads refresh so the button flips; visitors get the sign-in prompt.
 * @module
 */
import type { Source } from '@sportspyder/contract';
import { setSourceSubscription } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { useCallback, useState } from 'react';

/** The cache key prefix of the team source pages' reads. */
export const SOURCES_KEY = 'site/team-sources';

/** A source's display name. */
export function sourceName(source: Pick<Source, 'domain'>): string {
  return source.domain.label || source.domain.name;
}

/** What a source box needs: the toggle, and the prompt state for visitors. */
export interface SourceToggle {
  /** Subscribes to or unsubscribes from the source; resolves when the page shows the new state. */
  toggle: (source: Source) => Promise<void>;
  /** The source name the sign-in prompt is open for, or null. */
  prompt: string | null;
  /** Opens (name) or closes (null) the sign-in prompt. */
  setPrompt: (name: string | null) => void;
}

/** The subscribe toggle of the team source pages (and of My Sources, which has no team). */
export function useSourceToggle(teamSlug?: string): SourceToggle {
  const client = useClient();
  const [prompt, setPrompt] = useState<string | null>(null);
  const toggle = useCallback(
    async (source: Source) => {
      try {
        await setSourceSubscription(client, {
          source: { id: source.id, name: sourceName(source) },
          subscribed: !source.following,
          teamSlug,
        });
        await client.cache.invalidate(SOURCES_KEY);
      } catch {
        client.toasts.show('Something went wrong. Try again later.', 'error');
      }
    },
    [client, teamSlug],
  );
  return { toggle, prompt, setPrompt };
}

/**
 * The widgets release's Subresource Integrity hashes (`/widgets/integrity.json`, written by the widgets
 * build and served by the server), for the embed configurator's snippet.
 * @module
 */
import { WIDGETS_INTEGRITY_PATH, type WidgetsIntegrity } from '@sportspyder/core';
import { useEffect, useState } from 'react';

/** The hashes' state: still loading, read, or unavailable (no build, a network error, a bad file). */
export type WidgetsIntegrityState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly integrity: WidgetsIntegrity }
  | { readonly status: 'unavailable' };

function isIntegrity(value: unknown): value is WidgetsIntegrity {
  const v = value as Partial<WidgetsIntegrity> | null;
  return typeof v?.version === 'string' && typeof v.files === 'object' && v.files !== null;
}

/**
 * Reads `/widgets/integrity.json` once per mount.
 *
 * @example
 * ```tsx
 * const state = useWidgetsIntegrity();
 * const source = widgetSource(state.status === 'ready' ? state.integrity : undefined);
 * ```
 */
export function useWidgetsIntegrity(): WidgetsIntegrityState {
  const [state, setState] = useState<WidgetsIntegrityState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    const unavailable = () => live && setState({ status: 'unavailable' });
    fetch(WIDGETS_INTEGRITY_PATH, { headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : undefined))
      .then((body: unknown) => {
        if (!live) return;
        setState(isIntegrity(body) ? { status: 'ready', integrity: body } : { status: 'unavailable' });
      }, unavailable);
    return () => {
      live = false;
    };
  }, []);
  return state;
}

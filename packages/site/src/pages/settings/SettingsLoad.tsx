/**
 * The loading and failure states of a settings screen around its form.
 * @module
 */
import type { ResourceSnapshot } from '@sportspyder/core';
import type { ReactNode } from 'react';

/** Renders the form once the settings are there, else the loading or failure text. */
export function SettingsLoad<T>({
  snapshot,
  children,
}: {
  snapshot: ResourceSnapshot<T>;
  children: (settings: T) => ReactNode;
}) {
  if (snapshot.data) return <>{children(snapshot.data)}</>;
  if (snapshot.status === 'error') {
    return <p role="alert">Your settings could not be loaded. Please reload the page.</p>;
  }
  return <p aria-busy="true">Loading your settings…</p>;
}

/**
 * The widgets page (/:sportId/:teamId/widgets, spec 2 "Widgets page"): the copyable script snippet
 * of the team's headline widget (core `widgetSnippet`) with a limit of 1 to 12 (default 6), and a
 * "Your Favorites" snippet for members.
 * @module
 */
import {
  normalizeWidgetLimit,
  WIDGET_DEFAULT_LIMIT,
  WIDGET_MAX_LIMIT,
  WIDGET_MIN_LIMIT,
  widgetSnippet,
} from '@sportspyder/core';
import { useClient, useSession } from '@sportspyder/react';
import { useId, useState } from 'react';
import { useOutletContext } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import type { TeamOutletContext } from '../TeamLayout.js';
import './team.css';

/** The site's origin for the snippet (the page's own origin). */
function siteOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** Props of {@link WidgetSnippetBox}. */
interface WidgetSnippetBoxProps {
  title: string;
  snippet: string;
}

/** A snippet in a read-only text box with a Copy button. */
function WidgetSnippetBox({ title, snippet }: WidgetSnippetBoxProps) {
  const client = useClient();
  const id = useId();
  const copy = () => {
    const done = () => client.toasts.show('Copied to clipboard', 'success');
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (clipboard) void clipboard.writeText(snippet).then(done, () => undefined);
  };
  return (
    <section className="ss-card ss-team-widget">
      <h2 className="ss-card__title">
        <label htmlFor={id}>{title}</label>
      </h2>
      <textarea
        id={id}
        className="ss-team-widget__code"
        readOnly
        rows={3}
        value={snippet}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" className="ss-button" onClick={copy}>
        Copy
      </button>
    </section>
  );
}

/** The team widgets page. */
export function TeamWidgetsPage() {
  const { team } = useOutletContext<TeamOutletContext>();
  const { loggedIn } = useSession();
  const title = `${team.fullName} Widgets`;
  useDocumentTitle(title);
  const [raw, setRaw] = useState(String(WIDGET_DEFAULT_LIMIT));
  const { limit } = normalizeWidgetLimit(raw);
  const origin = siteOrigin();
  const limitId = useId();
  return (
    <article className="ss-page ss-team-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{title}</h1>
        <p className="ss-page__description">
          Put the latest {team.fullName} headlines on your site: copy a snippet into your page's HTML.
        </p>
      </header>
      <div className="ss-team-widget__row">
        <label htmlFor={limitId}>Number of headlines</label>
        <input
          id={limitId}
          className="ss-team-widget__limit"
          type="number"
          min={WIDGET_MIN_LIMIT}
          max={WIDGET_MAX_LIMIT}
          value={raw}
          onChange={(event) => setRaw(event.target.value)}
          onBlur={() => setRaw(String(limit))}
        />
        <span className="ss-page__description">
          {WIDGET_MIN_LIMIT} to {WIDGET_MAX_LIMIT}
        </span>
      </div>
      <WidgetSnippetBox
        title={`${team.fullName} Headlines`}
        snippet={widgetSnippet({ origin, team: `${team.sportSlug}/${team.slug}`, limit })}
      />
      {loggedIn && (
        <WidgetSnippetBox
          title="Your Favorites"
          snippet={widgetSnippet({ origin, team: 'favorites', limit })}
        />
      )}
    </article>
  );
}

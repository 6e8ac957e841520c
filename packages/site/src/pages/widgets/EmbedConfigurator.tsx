/**
 * The embed configurator (issue 16, after giscus' page) on /about/publishers and the team Widgets page:
 * pick a team (grouped by sport, from the reference data; "Your Favorites" for members), the number of
 * headlines (1 to 12) and the theme; see the real headline embed live; copy the snippet, which names the
 * release's versioned URL with its Subresource Integrity hash (core `widgetSnippet` + `widgetSource`),
 * or the moving URL without a hash when `/widgets/integrity.json` cannot be read, and says so.
 * @module
 */
import {
  collegeTeamName,
  normalizeWidgetLimit,
  WIDGET_DEFAULT_LIMIT,
  WIDGET_MAX_LIMIT,
  WIDGET_MIN_LIMIT,
  widgetSnippet,
  widgetSource,
} from '@sportspyder/core';
import { useReference, useSession } from '@sportspyder/react';
import { useEffect, useId, useRef, useState } from 'react';
import { sportTeams } from '../home/TeamPicker.js';
import { loadHeadlineEmbed } from './loadHeadlineEmbed.js';
import { useWidgetsIntegrity } from './useWidgetsIntegrity.js';
import './embedConfigurator.css';

/** A colour theme of the headline embed. */
export type EmbedTheme = 'light' | 'dark' | 'auto';

const THEMES: readonly { value: EmbedTheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: "Auto (the reader's system setting)" },
];

/** Props of {@link EmbedConfigurator}. */
export interface EmbedConfiguratorProps {
  /** The team picked first, as `{sport}/{team}` (the team page's own team). */
  initialTeam: string;
  /** Its display name, for the picker while the reference data is still loading. */
  initialTeamName: string;
  /** The site origin the snippet loads from (the page's own). */
  origin: string;
}

/** Mounts the real embed for `team`/`limit`/`theme` in `container`, unmounting it on change. */
function useLivePreview(
  container: React.RefObject<HTMLDivElement | null>,
  origin: string,
  team: string,
  limit: number,
  theme: EmbedTheme,
): boolean {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let api: { destroy(el?: Element): void } | undefined;
    let live = true;
    loadHeadlineEmbed().then(
      (embed) => {
        if (!live) return;
        api = embed;
        // An inert tag (a type the browser does not run) carrying the snippet's options: the embed reads
        // its data-* and src like a publisher's tag and mounts after it, without loading the script again.
        const script = document.createElement('script');
        script.type = 'text/plain';
        script.src = `${origin}/widgets/headline.js`;
        script.dataset.team = team;
        script.dataset.limit = String(limit);
        script.dataset.theme = theme;
        root.replaceChildren(script);
        embed.init(root);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      api?.destroy(root);
      root.replaceChildren();
    };
  }, [container, origin, team, limit, theme]);
  return failed;
}

/** The configurator: form, live preview and snippet with Copy. */
export function EmbedConfigurator({ initialTeam, initialTeamName, origin }: EmbedConfiguratorProps) {
  const { sports } = useReference();
  const { loggedIn } = useSession();
  const integrity = useWidgetsIntegrity();
  const [team, setTeam] = useState(initialTeam);
  const [rawLimit, setRawLimit] = useState(String(WIDGET_DEFAULT_LIMIT));
  const [theme, setTheme] = useState<EmbedTheme>('auto');
  // What Copy said, and about which snippet: a changed snippet has not been copied yet.
  const [copyStatus, setCopyStatus] = useState<{ message: string; snippet: string }>();
  const { limit } = normalizeWidgetLimit(rawLimit);
  const preview = useRef<HTMLDivElement>(null);
  const previewFailed = useLivePreview(preview, origin, team, limit, theme);
  const ids = { team: useId(), limit: useId(), hint: useId(), theme: useId(), code: useId() };

  const source = widgetSource(integrity.status === 'ready' ? integrity.integrity : undefined);
  const snippet = widgetSnippet({ origin, team, limit, theme, ...source });
  const announcement = copyStatus?.snippet === snippet ? copyStatus.message : '';
  const setAnnouncement = (message: string) => setCopyStatus({ message, snippet });

  const listed = sports.some((s) => sportTeams(s).some((t) => `${s.slug}/${t.slug}` === team));
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) return setAnnouncement('Copying is not available here: select the snippet and copy it.');
    clipboard.writeText(snippet).then(
      () => setAnnouncement('Copied'),
      () => setAnnouncement('Could not copy: select the snippet and copy it.'),
    );
  };

  return (
    <section className="ss-embed-config" aria-labelledby={`${ids.code}-title`}>
      <h2 id={`${ids.code}-title`} className="ss-embed-config__title">
        Configure the headline widget
      </h2>
      <form className="ss-embed-config__form" onSubmit={(event) => event.preventDefault()}>
        <div className="ss-embed-config__field">
          <label htmlFor={ids.team}>Team</label>
          <select id={ids.team} value={team} onChange={(event) => setTeam(event.target.value)}>
            {loggedIn && <option value="favorites">Your Favorites</option>}
            {!listed && team !== 'favorites' && <option value={team}>{initialTeamName}</option>}
            {sports.map((sport) => (
              <optgroup key={sport.slug} label={sport.name}>
                {sportTeams(sport).map((t) => (
                  <option key={t.slug} value={`${sport.slug}/${t.slug}`}>
                    {sport.isCollege ? collegeTeamName(t.fullName) : t.fullName}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="ss-embed-config__field">
          <label htmlFor={ids.limit}>Number of headlines</label>
          <input
            id={ids.limit}
            className="ss-embed-config__limit"
            type="number"
            min={WIDGET_MIN_LIMIT}
            max={WIDGET_MAX_LIMIT}
            value={rawLimit}
            aria-describedby={ids.hint}
            onChange={(event) => setRawLimit(event.target.value)}
            onBlur={() => setRawLimit(String(limit))}
          />
          <span id={ids.hint} className="ss-embed-config__hint">
            {WIDGET_MIN_LIMIT} to {WIDGET_MAX_LIMIT}
          </span>
        </div>
        <div className="ss-embed-config__field">
          <label htmlFor={ids.theme}>Theme</label>
          <select
            id={ids.theme}
            value={theme}
            onChange={(event) => setTheme(event.target.value as EmbedTheme)}
          >
            {THEMES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
      </form>

      <h3 className="ss-embed-config__subtitle">Preview</h3>
      {previewFailed && (
        <p className="ss-embed-config__note">The live preview could not load the widget script right now.</p>
      )}
      <div ref={preview} className="ss-embed-config__preview" data-testid="embed-preview" />

      <figure className="ss-embed-config__snippet" aria-labelledby={ids.code}>
        <figcaption>
          <h3 id={ids.code} className="ss-embed-config__subtitle">
            Snippet
          </h3>
        </figcaption>
        <pre className="ss-embed-config__code">
          <code>{snippet}</code>
        </pre>
      </figure>
      {integrity.status === 'ready' && (
        <p className="ss-embed-config__note">
          This tag loads release {integrity.integrity.version} from its versioned address, and the browser
          checks the file against its <code>integrity</code> hash before running it.
        </p>
      )}
      {integrity.status === 'unavailable' && (
        <p className="ss-embed-config__note">
          The release&rsquo;s integrity hashes are unavailable right now, so this snippet uses the moving
          address (always the latest release) without an <code>integrity</code> attribute.
        </p>
      )}
      <div className="ss-embed-config__actions">
        <button type="button" className="ss-button" onClick={copy}>
          Copy snippet
        </button>
        <span role="status" aria-live="polite" className="ss-embed-config__status">
          {announcement}
        </span>
      </div>
    </section>
  );
}

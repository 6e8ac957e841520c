/**
 * "Add a source" of /admin/sources: a feed or site page URL, Preview (the feed found and how, its title,
 * kind, first items, and the sport and teams the tagger suggests, all editable), then Save. The API's
 * refusals show beside the URL field (a 422 on `url`) or in the panel's error box.
 * @module
 */
import type { AdminSourceDetail, AdminSourceKind, AdminSourcePreview } from '@sportspyder/contract';
import { createAdminSource, formErrors, NO_FORM_ERRORS, previewAdminSource } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ErrorBox } from '../../components/ErrorBox.js';
import { AccountField } from '../account/AccountField.js';
import { DISCOVERED_BY_TEXT, exactTime, KIND_LABELS } from './adminSourceFormat.js';
import { type TagChoice, TagPicker } from './TagPicker.js';

/** Props of {@link AddSourcePanel}. */
export interface AddSourcePanelProps {
  /** Called with the new source once saved. */
  onCreated: (detail: AdminSourceDetail) => void;
}

/** The preview's editable choices. */
interface Draft {
  title: string;
  kind: AdminSourceKind;
  tags: TagChoice;
}

function draftOf(preview: AdminSourcePreview): Draft {
  return {
    title: preview.title,
    kind: preview.kind,
    tags: { sport: preview.suggested.sport?.slug ?? null, teams: preview.suggested.teams.map((t) => t.slug) },
  };
}

/** The add-by-URL panel. */
export function AddSourcePanel({ onCreated }: AddSourcePanelProps) {
  const client = useClient();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);
  const [errors, setErrors] = useState(NO_FORM_ERRORS);
  const [preview, setPreview] = useState<AdminSourcePreview | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const headingId = useId();
  const kindId = useId();
  const resultRef = useRef<HTMLHeadingElement>(null);

  const runPreview = async (address: string) => {
    setBusy('preview');
    setErrors(NO_FORM_ERRORS);
    try {
      const found = await previewAdminSource(client, address);
      setPreview(found);
      setDraft(draftOf(found));
      // The result appears below: move the reader there, as a screen reader would not notice it.
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (error) {
      setPreview(null);
      setDraft(null);
      setErrors(formErrors(error));
    } finally {
      setBusy(null);
    }
  };

  const submitPreview = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) {
      setErrors({ titles: [], fields: { url: { code: 'blank', title: 'Enter a feed or site address.' } } });
      return;
    }
    void runPreview(url);
  };

  const save = async () => {
    if (!preview || !draft) return;
    setBusy('save');
    setErrors(NO_FORM_ERRORS);
    try {
      const detail = await createAdminSource(client, {
        feedUrl: preview.feedUrl,
        kind: draft.kind,
        ...(draft.title.trim() ? { title: draft.title.trim() } : {}),
        sport: draft.tags.sport,
        teams: draft.tags.teams,
      });
      setPreview(null);
      setDraft(null);
      setUrl('');
      onCreated(detail);
    } catch (error) {
      setErrors(formErrors(error));
    } finally {
      setBusy(null);
    }
  };

  // Errors of the save naming the feed land on the URL field too: it is where the feed came from.
  const urlError = errors.fields.url?.title ?? errors.fields.feedUrl?.title;
  const otherTitles = errors.titles.filter((t) => t !== urlError);

  return (
    <section className="ss-card ss-admin-add" aria-labelledby={headingId}>
      <h2 id={headingId}>Add a source</h2>
      <form className="ss-form ss-admin-add__form" onSubmit={submitPreview} noValidate>
        <AccountField
          label="Feed or site address"
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/ or https://example.com/feed.xml"
          hint="A feed (RSS, Atom, JSON Feed), a site page that links its feed, or a YouTube channel."
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={urlError}
        />
        <div>
          <button type="submit" className="ss-button" disabled={busy !== null}>
            {busy === 'preview' ? 'Looking for the feed…' : 'Preview'}
          </button>
        </div>
      </form>
      <ErrorBox titles={otherTitles} />
      {preview && draft ? (
        <div className="ss-admin-preview" data-testid="source-preview">
          <h3 ref={resultRef} tabIndex={-1} className="ss-admin-preview__title">
            Feed found: {preview.title}
          </h3>
          <p className="ss-admin-preview__how">
            <code className="ss-admin-url">{preview.feedUrl}</code> —{' '}
            {DISCOVERED_BY_TEXT[preview.discoveredBy]}
          </p>
          {preview.candidates.length > 1 ? (
            <div className="ss-admin-preview__candidates">
              <p>The page names {preview.candidates.length} feeds; this is the first. Preview another:</p>
              <ul>
                {preview.candidates.slice(1).map((c) => (
                  <li key={c.url}>
                    <button
                      type="button"
                      className="ss-admin-link-button"
                      onClick={() => {
                        setUrl(c.url);
                        void runPreview(c.url);
                      }}
                    >
                      {c.title ?? c.url}
                    </button>{' '}
                    <span className="ss-admin-muted">({c.type})</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {preview.existingSourceId !== null ? (
            <p className="ss-admin-notice" role="status">
              This feed is already a source (#{preview.existingSourceId}); saving it again is not needed.
            </p>
          ) : null}
          <h4>First items</h4>
          {preview.items.length === 0 ? (
            <p className="ss-admin-muted">The feed has no items yet.</p>
          ) : (
            <ol className="ss-admin-items" aria-label="First items of the feed">
              {preview.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items without a URL may share a title; the list is redrawn whole
                <li key={`${item.url ?? ''}-${index}`}>
                  {item.url ? (
                    <a href={item.url} target="_blank" rel="noreferrer noopener">
                      {item.title}
                    </a>
                  ) : (
                    item.title
                  )}
                  {item.publishedAt ? (
                    <time className="ss-admin-muted" dateTime={item.publishedAt}>
                      {' '}
                      · {exactTime(item.publishedAt)}
                    </time>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          <div className="ss-form ss-admin-preview__fields">
            <AccountField
              label="Title"
              name="title"
              maxLength={200}
              value={draft.title}
              onChange={(event) => setDraft({ ...draft, title: event.target.value })}
              error={errors.fields.title?.title}
            />
            <div className="ss-form__field">
              <label className="ss-form__label" htmlFor={kindId}>
                Kind
              </label>
              <select
                id={kindId}
                className="ss-admin-select"
                value={draft.kind}
                onChange={(event) => setDraft({ ...draft, kind: event.target.value as AdminSourceKind })}
              >
                {Object.entries(KIND_LABELS).map(([kind, label]) => (
                  <option key={kind} value={kind}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <p className="ss-admin-muted">
              Suggested from the items:{' '}
              {preview.suggested.sport
                ? [preview.suggested.sport.name, ...preview.suggested.teams.map((t) => t.name)].join(', ')
                : 'no sport or team recognised'}
              .
            </p>
            <TagPicker value={draft.tags} onChange={(tags) => setDraft({ ...draft, tags })} />
          </div>
          <div className="ss-admin-preview__actions">
            <button
              type="button"
              className="ss-button"
              onClick={save}
              disabled={busy !== null || preview.existingSourceId !== null}
            >
              {busy === 'save' ? 'Saving…' : 'Save source'}
            </button>
            <button
              type="button"
              className="ss-button ss-button--secondary"
              onClick={() => {
                setPreview(null);
                setDraft(null);
              }}
              disabled={busy !== null}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

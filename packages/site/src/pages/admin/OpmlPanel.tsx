/**
 * OPML on /admin/sources: the export of every source (a download link to the API's OPML file, with
 * teams and sport in outline categories) and the import of an OPML file (read in the browser, posted
 * as text) with what the import did.
 * @module
 */
import type { AdminOpmlImportResult } from '@sportspyder/contract';
import { adminSourcesOpmlUrl, formErrors, importAdminSourcesOpml, NO_FORM_ERRORS } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { type ChangeEvent, useId, useState } from 'react';
import { ErrorBox } from '../../components/ErrorBox.js';

/** Props of {@link OpmlPanel}. */
export interface OpmlPanelProps {
  /** Called after an import that created sources (the table reloads). */
  onImported: () => void;
}

/** The OPML export link and import control. */
export function OpmlPanel({ onImported }: OpmlPanelProps) {
  const client = useClient();
  const headingId = useId();
  const fileId = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState(NO_FORM_ERRORS);
  const [result, setResult] = useState<AdminOpmlImportResult | null>(null);

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    setResult(null);
    try {
      const done = await importAdminSourcesOpml(client, await file.text());
      setResult(done);
      if (done.created > 0) onImported();
    } catch (error) {
      setErrors(formErrors(error));
    } finally {
      setBusy(false);
      // The same file can be chosen again after a fix.
      input.value = '';
    }
  };

  return (
    <section className="ss-card ss-admin-opml" aria-labelledby={headingId}>
      <h2 id={headingId}>OPML</h2>
      <p className="ss-admin-opml__row">
        <a
          className="ss-button ss-button--secondary"
          href={adminSourcesOpmlUrl()}
          download="sportspyder-sources.opml"
        >
          Export all sources (OPML)
        </a>
      </p>
      <div className="ss-admin-opml__row">
        <label htmlFor={fileId} className="ss-form__label">
          Import an OPML file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".opml,.xml,text/x-opml,text/xml,application/xml"
          onChange={importFile}
          disabled={busy}
          aria-describedby={`${fileId}-hint`}
        />
        <p id={`${fileId}-hint`} className="ss-form__hint">
          Every outline with an <code>xmlUrl</code> becomes a source; categories name its sport and teams.
        </p>
      </div>
      <div role="status" aria-live="polite">
        {busy ? <p>Importing…</p> : null}
        {result ? (
          <div className="ss-admin-opml__result">
            <p>
              Imported: {result.created} new {result.created === 1 ? 'source' : 'sources'}, {result.existing}{' '}
              already present, {result.failed.length} failed.
            </p>
            {result.failed.length > 0 ? (
              <ul>
                {result.failed.map((f) => (
                  <li key={f.feedUrl}>
                    <code className="ss-admin-url">{f.feedUrl}</code>: {f.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      <ErrorBox titles={errors.titles} />
    </section>
  );
}

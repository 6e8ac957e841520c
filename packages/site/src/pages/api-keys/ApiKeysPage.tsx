/**
 * /settings/api (spec 3 §2, §7 "PRO, billing, API keys", §8): a member with the api flag lists their
 * API keys, creates one ('API key created'; the whole token is shown once, with a copy button, and
 * never again) and deletes one after confirming ('Successfully deleted API key'). Without the flag
 * the page says how to ask for access (the settings menu hides the entry then).
 * @module
 */
import type { ApiKey } from '@sportspyder/contract';
import {
  bearerHeader,
  createApiKey,
  deleteApiKey,
  formErrors,
  listApiKeys,
  NO_FORM_ERRORS,
} from '@sportspyder/core';
import { useClient, useSession } from '@sportspyder/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { AccountField } from '../account/AccountField.js';
import { formatDay } from '../billing/formatDay.js';
import { NewKeyPanel } from './NewKeyPanel.js';
import '../account/account.css';
import '../billing/billing.css';
import './api-keys.css';

/** One listed key with its Delete button and, once pressed, the confirmation. */
function KeyRow({ apiKey, onDeleted }: { apiKey: ApiKey; onDeleted: (id: number) => void }) {
  const client = useClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState(NO_FORM_ERRORS);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const name = apiKey.description ?? apiKey.token;
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const remove = async () => {
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      await deleteApiKey(client, apiKey.id);
      onDeleted(apiKey.id);
    } catch (error) {
      setErrors(formErrors(error));
      setBusy(false);
    }
  };
  const keep = () => {
    setConfirming(false);
    deleteRef.current?.focus();
  };

  return (
    <li className="ss-api-keys__item" data-testid="api-key">
      <dl className="ss-billing__details">
        <dt>Key</dt>
        <dd>
          <code>{apiKey.token}</code>
        </dd>
        <dt>Description</dt>
        <dd>{apiKey.description ?? '—'}</dd>
        <dt>Created</dt>
        <dd>{formatDay(apiKey.createdAt)}</dd>
        <dt>Last used</dt>
        <dd>{apiKey.lastUsedAt ? formatDay(apiKey.lastUsedAt) : 'Never'}</dd>
      </dl>
      <button
        ref={deleteRef}
        type="button"
        className="ss-button ss-button--secondary"
        onClick={() => setConfirming(true)}
        disabled={confirming}
        aria-label={`Delete API key ${name}`}
      >
        Delete
      </button>
      {confirming ? (
        <div
          className="ss-billing__confirm"
          role="alertdialog"
          aria-labelledby={`api-key-confirm-${apiKey.id}`}
        >
          <p id={`api-key-confirm-${apiKey.id}`}>
            Delete the API key {name}? Programs that use it will stop working at once.
          </p>
          <ErrorBox titles={errors.titles} />
          <div className="ss-billing__actions">
            <button ref={confirmRef} type="button" className="ss-button" onClick={remove} disabled={busy}>
              {busy ? 'Deleting…' : 'Yes, delete this key'}
            </button>
            <button type="button" className="ss-button ss-button--secondary" onClick={keep} disabled={busy}>
              Keep it
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The API keys screen. */
export function ApiKeysPage() {
  useDocumentTitle('API Keys');
  const client = useClient();
  const { user } = useSession();
  const allowed = user?.api === true;
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState(NO_FORM_ERRORS);
  const [created, setCreated] = useState<ApiKey | null>(null);

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    listApiKeys(client).then(
      (list) => live && setKeys(list),
      () => live && setLoadError(true),
    );
    return () => {
      live = false;
    };
  }, [client, allowed]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      const key = await createApiKey(client, description);
      setCreated(key);
      setDescription('');
      // The list shows the prefix only, as it will after a reload.
      setKeys(await listApiKeys(client));
    } catch (error) {
      setErrors(formErrors(error));
    } finally {
      setBusy(false);
    }
  };

  const header = (
    <header className="ss-page__header">
      <h1 className="ss-page__title">API Keys</h1>
      <p className="ss-page__description">
        Read SportSpyder data from your own programs: send a key as <code>{bearerHeader('<key>')}</code> on{' '}
        <code>GET</code> requests to <code>/api/v1</code>. Keys can only read, never change anything.
      </p>
    </header>
  );
  if (!allowed) {
    return (
      <article className="ss-page">
        {header}
        <p className="ss-card">
          API access is not enabled for your account. <Link to="/contact/7">Ask us for API access</Link>.
        </p>
      </article>
    );
  }

  return (
    <article className="ss-page ss-api-keys">
      {header}
      {created ? <NewKeyPanel apiKey={created} onDone={() => setCreated(null)} /> : null}
      <form className="ss-card ss-form" onSubmit={submit} noValidate aria-busy={busy}>
        <h2>Create an API key</h2>
        <ErrorBox titles={errors.titles} />
        <AccountField
          label="Description (optional)"
          name="description"
          maxLength={200}
          hint="What the key is for, e.g. My stats script."
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.fields.description?.title}
        />
        <button type="submit" className="ss-button" disabled={busy}>
          {busy ? 'Creating…' : 'Create API key'}
        </button>
      </form>
      <section className="ss-card" aria-labelledby="api-keys-title">
        <h2 id="api-keys-title">Your API keys</h2>
        {loadError ? (
          <p role="alert">Your API keys could not be loaded. Please reload the page.</p>
        ) : keys === null ? (
          <p aria-busy="true">Loading your API keys…</p>
        ) : keys.length === 0 ? (
          <p>You have no API keys yet.</p>
        ) : (
          <ul className="ss-api-keys__list">
            {keys.map((key) => (
              <KeyRow
                key={key.id}
                apiKey={key}
                onDeleted={(id) => setKeys((list) => (list ?? []).filter((k) => k.id !== id))}
              />
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

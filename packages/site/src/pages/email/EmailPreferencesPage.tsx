/**
 * The eight e-mail preference pages reached by hash link, no sign-in (spec 3 §2, §4): unsubscribe,
 * frequency and preferences for a member's newsletter, unsubscribe and preferences for a member's
 * notification mails, and the same three for a newsletter subscriber. An unsubscribe page turns the
 * flag off with a PUT once it has opened (the link's GET changes nothing, so mail scanners that
 * prefetch links unsubscribe nobody), then shows the toggles; unsubscribe-all disables the other
 * toggles and the frequency; a subscriber who has become a member goes to the member's pages.
 * @module
 */
import type { EmailAccount, NewsletterFrequency, Subscriber } from '@sportspyder/contract';
import {
  EMAIL_LINK_INVALID_TEXT,
  EMAIL_TOGGLES,
  type EmailPageKind,
  isToggleDisabled,
  memberPagePath,
  NEWSLETTER_FREQUENCIES,
  readEmailAccount,
  readSubscriberByHash,
  unsubscribeChange,
  unsubscribedText,
  updateEmailAccount,
  updateSubscriberByHash,
} from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import './email-pages.css';

/** Which page of a family. */
export type EmailPageMode = 'unsubscribe' | 'frequency' | 'preferences';

type Load<T> =
  | { state: 'loading' }
  | { state: 'invalid' }
  | { state: 'error' }
  | { state: 'ready'; value: T };

const TITLES: Record<EmailPageKind, Record<EmailPageMode, string>> = {
  notifications: {
    unsubscribe: 'Unsubscribe from Notification Emails',
    frequency: 'Notification Email Preferences',
    preferences: 'Notification Email Preferences',
  },
  newsletter: {
    unsubscribe: 'Unsubscribe from the Newsletter',
    frequency: 'Newsletter Frequency',
    preferences: 'Newsletter Preferences',
  },
  subscriber: {
    unsubscribe: 'Unsubscribe',
    frequency: 'Newsletter Frequency',
    preferences: 'Email Preferences',
  },
};

const FREQUENCY_LABELS: Record<NewsletterFrequency, string> = { weekly: 'Weekly', daily: 'Daily' };

/** One of the e-mail preference pages. */
export function EmailPreferencesPage({ kind, mode }: { kind: EmailPageKind; mode: EmailPageMode }) {
  const title = TITLES[kind][mode];
  useDocumentTitle(title);
  const { id = '' } = useParams();
  return (
    <article className="ss-page ss-page--narrow">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{title}</h1>
      </header>
      {kind === 'subscriber' ? (
        <SubscriberPreferences hash={id} mode={mode} />
      ) : (
        <MemberPreferences hash={id} kind={kind} mode={mode} />
      )}
    </article>
  );
}

function Notice({ load }: { load: { state: 'loading' | 'invalid' | 'error' } }) {
  return (
    <div className="ss-card ss-email-notice" role={load.state === 'loading' ? undefined : 'status'}>
      {load.state === 'loading' ? <p className="ss-loading-text">Loading…</p> : null}
      {load.state === 'invalid' ? <p>{EMAIL_LINK_INVALID_TEXT}</p> : null}
      {load.state === 'error' ? (
        <p>We could not load your email preferences. Please reload the page.</p>
      ) : null}
    </div>
  );
}

function FrequencySwitch({
  value,
  disabled,
  onChange,
}: {
  value: NewsletterFrequency;
  disabled: boolean;
  onChange: (value: NewsletterFrequency) => void;
}) {
  const name = useId();
  return (
    <fieldset className="ss-email-frequency" disabled={disabled}>
      <legend>Newsletter frequency</legend>
      {NEWSLETTER_FREQUENCIES.map((frequency) => (
        <label key={frequency} className="ss-email-option">
          <input
            type="radio"
            name={name}
            value={frequency}
            checked={value === frequency}
            onChange={() => onChange(frequency)}
          />
          {FREQUENCY_LABELS[frequency]}
        </label>
      ))}
    </fieldset>
  );
}

function MemberPreferences({
  hash,
  kind,
  mode,
}: {
  hash: string;
  kind: 'notifications' | 'newsletter';
  mode: EmailPageMode;
}) {
  const client = useClient();
  const [searchParams] = useSearchParams();
  const type = searchParams.get('type');
  const [load, setLoad] = useState<Load<EmailAccount>>({ state: 'loading' });
  const [recapPreview, setRecapPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef<string | null>(null);

  useEffect(() => {
    const key = `${hash}|${kind}|${mode}|${type}`;
    if (started.current === key) return;
    started.current = key;
    (async () => {
      const page = await readEmailAccount(client, hash);
      if (!page) return setLoad({ state: 'invalid' });
      const { account } = page;
      setRecapPreview(page.recapPreview);
      // The unsubscribe itself: a PUT made by the opened page, never by the link's GET.
      const value =
        mode === 'unsubscribe'
          ? await updateEmailAccount(client, hash, unsubscribeChange(kind, type), 'none')
          : account;
      setLoad({ state: 'ready', value });
    })().catch(() => setLoad({ state: 'error' }));
  }, [client, hash, kind, mode, type]);

  if (load.state !== 'ready') return <Notice load={load} />;
  const account = load.value;
  const change = async (
    body: Parameters<typeof updateEmailAccount>[2],
    toast: 'preferences' | 'frequency',
  ) => {
    setBusy(true);
    // The box changes at once; the server's answer (which may turn other flags off) follows.
    setLoad({ state: 'ready', value: { ...account, ...body } });
    try {
      setLoad({ state: 'ready', value: await updateEmailAccount(client, hash, body, toast) });
    } catch {
      setLoad({ state: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const toggles =
    kind === 'newsletter' && mode !== 'preferences'
      ? EMAIL_TOGGLES.filter((t) => t.field === 'emailNewsletterRecap' || t.field === 'unsubscribeAll')
      : EMAIL_TOGGLES;
  return (
    <div className="ss-card ss-email-preferences" aria-busy={busy}>
      {mode === 'unsubscribe' ? (
        <p role="status" className="ss-email-confirmation">
          {unsubscribedText(kind, account.email, type)} You can change your mind below.
        </p>
      ) : (
        <p className="ss-email-address">Preferences for {account.email}</p>
      )}
      {mode !== 'unsubscribe' && kind === 'newsletter' ? (
        <FrequencySwitch
          value={account.emailNewsletterRecapFrequency}
          disabled={busy || account.unsubscribeAll}
          onChange={(frequency) => change({ emailNewsletterRecapFrequency: frequency }, 'frequency')}
        />
      ) : null}
      {kind === 'newsletter' && recapPreview ? (
        <p className="ss-email-join">
          <a href={recapPreview} target="_blank" rel="noopener noreferrer">
            Preview your recap
          </a>
        </p>
      ) : null}
      {mode === 'frequency' ? null : (
        <fieldset className="ss-email-toggles">
          <legend>Emails you receive</legend>
          {toggles.map((toggle) => (
            <label key={toggle.field} className="ss-email-option">
              <input
                type="checkbox"
                checked={account[toggle.field]}
                disabled={busy || isToggleDisabled(account, toggle.field)}
                onChange={(event) => change({ [toggle.field]: event.target.checked }, 'preferences')}
              />
              {toggle.label}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}

function SubscriberPreferences({ hash, mode }: { hash: string; mode: EmailPageMode }) {
  const client = useClient();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load<Subscriber>>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const started = useRef<string | null>(null);

  useEffect(() => {
    const key = `${hash}|${mode}`;
    if (started.current === key) return;
    started.current = key;
    (async () => {
      const subscriber = await readSubscriberByHash(client, hash);
      if (!subscriber) return setLoad({ state: 'invalid' });
      const memberPath = memberPagePath(subscriber, mode);
      if (memberPath) return navigate(memberPath, { replace: true });
      const value =
        mode === 'unsubscribe'
          ? await updateSubscriberByHash(client, hash, { subscribed: false }, 'none')
          : subscriber;
      setLoad({ state: 'ready', value });
    })().catch(() => setLoad({ state: 'error' }));
  }, [client, hash, mode, navigate]);

  if (load.state !== 'ready') return <Notice load={load} />;
  const subscriber = load.value;
  const change = async (
    body: Parameters<typeof updateSubscriberByHash>[2],
    toast: 'preferences' | 'frequency',
  ) => {
    setBusy(true);
    setLoad({ state: 'ready', value: { ...subscriber, ...body } });
    try {
      setLoad({ state: 'ready', value: await updateSubscriberByHash(client, hash, body, toast) });
    } catch {
      setLoad({ state: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const team = subscriber.team?.name ?? 'your team';
  return (
    <div className="ss-card ss-email-preferences" aria-busy={busy}>
      {mode === 'unsubscribe' ? (
        <p role="status" className="ss-email-confirmation">
          {subscriber.email} is unsubscribed from the {team} recap. You can change your mind below.
        </p>
      ) : (
        <p className="ss-email-address">Preferences for {subscriber.email}</p>
      )}
      {mode !== 'unsubscribe' ? (
        <FrequencySwitch
          value={subscriber.frequency}
          disabled={busy || subscriber.unsubscribeAll}
          onChange={(frequency) => change({ frequency }, 'frequency')}
        />
      ) : null}
      {mode === 'frequency' ? null : (
        <fieldset className="ss-email-toggles">
          <legend>Emails you receive</legend>
          <label className="ss-email-option">
            <input
              type="checkbox"
              checked={subscriber.subscribed}
              disabled={busy || subscriber.unsubscribeAll}
              onChange={(event) => change({ subscribed: event.target.checked }, 'preferences')}
            />
            {`${team} recap newsletter`}
          </label>
          <label className="ss-email-option">
            <input
              type="checkbox"
              checked={subscriber.unsubscribeAll}
              disabled={busy}
              onChange={(event) => change({ unsubscribeAll: event.target.checked }, 'preferences')}
            />
            Unsubscribe from all emails
          </label>
        </fieldset>
      )}
      <p className="ss-email-join">
        Want replies, podcast alerts and more teams in your recap?{' '}
        <Link to={`/join/${encodeURIComponent(hash)}`}>Create a free account</Link>
      </p>
    </div>
  );
}

/** Notification e-mails: unsubscribe (`?type=` one type). */
export const NotificationsUnsubscribePage = () => (
  <EmailPreferencesPage kind="notifications" mode="unsubscribe" />
);
/** Notification e-mails: preferences. */
export const NotificationsPreferencesPage = () => (
  <EmailPreferencesPage kind="notifications" mode="preferences" />
);
/** A member's newsletter: unsubscribe. */
export const NewsletterUnsubscribePage = () => <EmailPreferencesPage kind="newsletter" mode="unsubscribe" />;
/** A member's newsletter: frequency. */
export const NewsletterFrequencyPage = () => <EmailPreferencesPage kind="newsletter" mode="frequency" />;
/** A member's newsletter: preferences. */
export const NewsletterPreferencesPage = () => <EmailPreferencesPage kind="newsletter" mode="preferences" />;
/** A subscriber: unsubscribe. */
export const SubscriberUnsubscribePage = () => <EmailPreferencesPage kind="subscriber" mode="unsubscribe" />;
/** A subscriber: frequency. */
export const SubscriberFrequencyPage = () => <EmailPreferencesPage kind="subscriber" mode="frequency" />;
/** A subscriber: preferences. */
export const SubscriberPreferencesPage = () => <EmailPreferencesPage kind="subscriber" mode="preferences" />;

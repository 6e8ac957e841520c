/**
 * /settings/pro (spec 3 §4 "PRO state"): trial (days left, 'Upgrade to Pro'), comp (no auto-renew,
 * days left, 'Subscribe now'), paid (Pro since, the card on file), or empty (the $35/year call to
 * action). A paid plan that was cancelled says when it ends, with Resume plan (as /settings/billing
 * does); a comped one (no subscription) says so. PRO and trial members see no ads.
 * @module
 */
import type { BillingRecord } from '@sportspyder/contract';
import {
  daysText,
  formErrors,
  isPlanEnding,
  NO_FORM_ERRORS,
  planEndsText,
  proStatus,
  RESUME_PLAN_LABEL,
  readBilling,
  resumePro,
} from '@sportspyder/core';
import { useClient, useSession } from '@sportspyder/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { formatDay } from './formatDay.js';
import './billing.css';

/** The member's PRO state. */
export function ProPage() {
  useDocumentTitle('SportSpyder PRO');
  const client = useClient();
  const { user } = useSession();
  const status = proStatus(user);
  const [billing, setBilling] = useState<BillingRecord | null>(null);
  const [resuming, setResuming] = useState(false);
  const [resumeErrors, setResumeErrors] = useState(NO_FORM_ERRORS);
  const resume = async () => {
    setResuming(true);
    setResumeErrors(NO_FORM_ERRORS);
    try {
      setBilling(await resumePro(client));
    } catch (error) {
      setResumeErrors(formErrors(error));
    } finally {
      setResuming(false);
    }
  };
  useEffect(() => {
    if (status.state !== 'paid') return;
    let live = true;
    readBilling(client).then(
      (record) => live && setBilling(record),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, status.state]);

  return (
    <article className="ss-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">SportSpyder PRO</h1>
        <p className="ss-page__description">
          PRO members see no ads and no ad videos anywhere on SportSpyder.
        </p>
      </header>
      <section className="ss-card ss-pro__state" data-testid="pro-state" data-state={status.state}>
        {status.state === 'trial' ? (
          <>
            <h2>Your free PRO trial</h2>
            <p>You have {daysText(status.daysLeft)} left of your free 7-day PRO trial.</p>
            <p>
              <Link className="ss-button" to="/settings/billing">
                Upgrade to Pro
              </Link>
            </p>
          </>
        ) : null}
        {status.state === 'comp' ? (
          <>
            <h2>Complimentary PRO</h2>
            <p>
              Your complimentary PRO membership has {daysText(status.daysLeft)} left. It does not renew
              automatically.
            </p>
            <p>
              <Link className="ss-button" to="/settings/billing">
                Subscribe now
              </Link>
            </p>
          </>
        ) : null}
        {status.state === 'paid' ? (
          <>
            <h2>You are a PRO member</h2>
            <p>Pro since {status.since ? formatDay(status.since) : 'today'}.</p>
            {billing?.comped ? (
              <p>
                Your PRO membership is complimentary
                {billing.planEnds ? ` and ${planEndsText(formatDay(billing.planEnds))}` : ''}: nothing to pay.
              </p>
            ) : null}
            {isPlanEnding(billing) && billing?.planEnds ? (
              <>
                <p>
                  Your PRO plan was cancelled and {planEndsText(formatDay(billing.planEnds))}. It will not
                  renew.
                </p>
                <ErrorBox titles={resumeErrors.titles} />
                <p>
                  <button type="button" className="ss-button" onClick={resume} disabled={resuming}>
                    {RESUME_PLAN_LABEL}
                  </button>
                </p>
              </>
            ) : null}
            {billing?.creditCard ? (
              <p>
                Card on file: {billing.creditCard.type} ending in {billing.creditCard.last4}
              </p>
            ) : null}
            <p>
              <Link to="/settings/billing">Manage billing</Link>
            </p>
          </>
        ) : null}
        {status.state === 'empty' ? (
          <>
            <h2>Go PRO for $35/year</h2>
            <p>No ads and no ad videos, on every page. That is $35 a year (save 27% over $4 a month).</p>
            <p>
              <Link className="ss-button" to="/settings/billing">
                Go PRO for $35/year
              </Link>
            </p>
          </>
        ) : null}
      </section>
    </article>
  );
}

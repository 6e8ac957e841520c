/**
 * /settings/billing (spec 3 §4 "Billing screen", §7, §8): with no plan on file the subscribe form;
 * otherwise the plan details with Change (the edit form: Save or cancel; Save returns to the view)
 * and Cancel plan (asks for confirmation first). A cancelled plan stays shown until it ends, with
 * "ends on {date}" and Resume plan instead of Cancel plan (as /settings/pro shows it); a comped PRO
 * (granted without a subscription) shows as such, with nothing to change. Subscribing refetches the
 * session, so ads go at once on every open page.
 * @module
 */
import type { BillingRecord } from '@sportspyder/contract';
import {
  cancelPro,
  formErrors,
  hasPlan,
  isPlanEnding,
  NO_FORM_ERRORS,
  PLAN_OPTIONS,
  planEndsText,
  RESUME_PLAN_LABEL,
  readBilling,
  resumePro,
  subscribeToPro,
  updateBilling,
} from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { BillingForm } from './BillingForm.js';
import { formatDay } from './formatDay.js';
import '../account/account.css';
import './billing.css';

/** The billing screen. */
export function BillingPage() {
  useDocumentTitle('Billing');
  const client = useClient();
  const [billing, setBilling] = useState<BillingRecord | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelErrors, setCancelErrors] = useState(NO_FORM_ERRORS);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    readBilling(client).then(
      (record) => live && setBilling(record),
      () => live && setLoadError(true),
    );
    return () => {
      live = false;
    };
  }, [client]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const cancel = async () => {
    setCancelling(true);
    setCancelErrors(NO_FORM_ERRORS);
    try {
      setBilling(await cancelPro(client));
      setConfirming(false);
    } catch (error) {
      setCancelErrors(formErrors(error));
    } finally {
      setCancelling(false);
    }
  };

  const resume = async () => {
    setCancelling(true);
    setCancelErrors(NO_FORM_ERRORS);
    try {
      setBilling(await resumePro(client));
    } catch (error) {
      setCancelErrors(formErrors(error));
    } finally {
      setCancelling(false);
    }
  };

  const plan = PLAN_OPTIONS.find((option) => option.name === billing?.plan);
  const ending = isPlanEnding(billing);
  let body: ReactNode;
  if (loadError) body = <p role="alert">Your billing details could not be loaded. Please reload the page.</p>;
  else if (billing === null) body = <p aria-busy="true">Loading your billing details…</p>;
  else if (!hasPlan(billing)) {
    body = (
      <BillingForm
        mode="subscribe"
        initialName={billing.creditCard?.name}
        onSubmit={async (input) => setBilling(await subscribeToPro(client, input))}
      />
    );
  } else if (billing.comped) {
    body = (
      <section className="ss-card" aria-labelledby="billing-plan-title" data-testid="billing-details">
        <h2 id="billing-plan-title">Your plan</h2>
        <dl className="ss-billing__details">
          <dt>Plan</dt>
          <dd>Complimentary SportSpyder Pro</dd>
          <dt>Ends</dt>
          <dd>{billing.planEnds ? planEndsText(formatDay(billing.planEnds)) : 'Does not end'}</dd>
        </dl>
        <p>Your PRO membership was given to you: there is nothing to pay and no card on file.</p>
      </section>
    );
  } else if (editing) {
    body = (
      <BillingForm
        mode="edit"
        initialPlan={billing.plan ?? undefined}
        initialName={billing.creditCard?.name}
        onSubmit={async (input) => {
          setBilling(await updateBilling(client, input));
          setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
    );
  } else {
    const card = billing.creditCard;
    body = (
      <section className="ss-card" aria-labelledby="billing-plan-title" data-testid="billing-details">
        <h2 id="billing-plan-title">Your plan</h2>
        <dl className="ss-billing__details">
          <dt>Plan</dt>
          <dd>
            SportSpyder Pro {plan?.label}: {plan?.price}
          </dd>
          {ending && billing.planEnds ? (
            <>
              <dt>Ends</dt>
              <dd>{planEndsText(formatDay(billing.planEnds))} (cancelled: it will not renew)</dd>
            </>
          ) : (
            <>
              <dt>Renews</dt>
              <dd>{billing.planRenews ? formatDay(billing.planRenews) : '—'}</dd>
            </>
          )}
          <dt>Card</dt>
          <dd>
            {card
              ? `${card.type} ending in ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`
              : '—'}
          </dd>
          <dt>Name</dt>
          <dd>{card?.name || '—'}</dd>
        </dl>
        <div className="ss-billing__actions">
          <button type="button" className="ss-button" onClick={() => setEditing(true)}>
            Change
          </button>
          {ending ? (
            <button type="button" className="ss-button" onClick={resume} disabled={cancelling}>
              {RESUME_PLAN_LABEL}
            </button>
          ) : (
            <button
              type="button"
              className="ss-button ss-button--secondary"
              onClick={() => setConfirming(true)}
              disabled={confirming}
            >
              Cancel plan
            </button>
          )}
        </div>
        {ending ? <ErrorBox titles={cancelErrors.titles} /> : null}
        {confirming ? (
          <div className="ss-billing__confirm" role="alertdialog" aria-labelledby="billing-confirm-title">
            <p id="billing-confirm-title">
              Cancel your SportSpyder Pro subscription? You keep PRO until the end of the period you paid for,
              and it will not renew.
            </p>
            <ErrorBox titles={cancelErrors.titles} />
            <div className="ss-billing__actions">
              <button
                ref={confirmRef}
                type="button"
                className="ss-button"
                onClick={cancel}
                disabled={cancelling}
              >
                {cancelling ? 'Cancelling…' : 'Yes, cancel my plan'}
              </button>
              <button
                type="button"
                className="ss-button ss-button--secondary"
                onClick={() => setConfirming(false)}
                disabled={cancelling}
              >
                Keep my plan
              </button>
            </div>
          </div>
        ) : null}
      </section>
    );
  }

  return (
    <article className="ss-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Billing</h1>
        <p className="ss-page__description">Your SportSpyder Pro plan and payment details.</p>
      </header>
      {body}
    </article>
  );
}

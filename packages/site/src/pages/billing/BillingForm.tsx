/**
 * The subscribe and edit form of /settings/billing (spec 3 §4 "Billing screen", §5): the plan
 * (yearly, "save 27%", chosen by default), the name on the card and the card entry. When the server
 * names a Stripe publishable key, the card entry is Stripe's card element (StripeCardElement.tsx)
 * and its token is sent. Otherwise it is a plain form that turns Stripe's test card numbers (or a
 * typed test token such as `tok_visa`) into a test token: no third-party script is loaded. Subscribe
 * or Save is disabled while loading, while the card entry is incomplete (for Stripe's element: until
 * its change event says complete), or while the name or plan is empty.
 * @module
 */
import type { PlanName } from '@sportspyder/contract';
import {
  billingFieldErrors,
  type CardEntry,
  canSubmitBilling,
  DEFAULT_PLAN,
  EMPTY_CARD_ENTRY,
  type FormErrors,
  formErrors,
  isCardEntryComplete,
  localCardToken,
  NO_FORM_ERRORS,
  PLAN_OPTIONS,
} from '@sportspyder/core';
import { useSession } from '@sportspyder/react';
import { type FormEvent, useRef, useState } from 'react';
import { ErrorBox } from '../../components/ErrorBox.js';
import { AccountField } from '../account/AccountField.js';
import { StripeCardElement, type StripeCardHandle } from './StripeCardElement.js';

/** Props of {@link BillingForm}. */
export interface BillingFormProps {
  /** 'subscribe' (no plan on file) or 'edit' (Change). */
  mode: 'subscribe' | 'edit';
  /** The plan to start from. */
  initialPlan?: PlanName | undefined;
  /** The name to start from. */
  initialName?: string | undefined;
  /** Sends the form; rejects with the call's error. */
  onSubmit: (input: { planName: PlanName; tokenId: string; name: string }) => Promise<void>;
  /** Leaves the edit form without saving. */
  onCancel?: () => void;
}

/** The billing form. */
export function BillingForm({ mode, initialPlan, initialName, onSubmit, onCancel }: BillingFormProps) {
  const [plan, setPlan] = useState<PlanName | ''>(initialPlan ?? DEFAULT_PLAN);
  const [name, setName] = useState(initialName ?? '');
  const [card, setCard] = useState<CardEntry>(EMPTY_CARD_ENTRY);
  const [nameTouched, setNameTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const stripeKey = useSession().session?.publicKeys?.stripePublishableKey;
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const [stripeComplete, setStripeComplete] = useState(false);
  const local = billingFieldErrors({ name, plan });
  const cardComplete = stripeKey ? stripeComplete : isCardEntryComplete(card);
  const enabled = canSubmitBilling({ loading: busy, cardComplete, name, plan });
  const nameError = errors.fields.name?.title ?? (nameTouched ? local.name : undefined);
  const planError = errors.fields.planName?.title;
  const cardError = errors.fields.tokenId?.title;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!enabled || plan === '') return;
    setBusy(true);
    const token = stripeKey
      ? await (stripeCard.current?.createToken(name) ?? { error: 'The card form is not ready yet.' })
      : localCardToken(card);
    if ('error' in token) {
      // The card provider's message as is (spec 3 §5), in the error box and under the card.
      setErrors({ titles: [token.error], fields: { tokenId: { code: 'invalid', title: token.error } } });
      setBusy(false);
      return;
    }
    setErrors(NO_FORM_ERRORS);
    try {
      await onSubmit({ planName: plan, tokenId: token.token, name });
    } catch (error) {
      setErrors(formErrors(error));
      setBusy(false);
    }
  };

  const label = mode === 'subscribe' ? 'Subscribe' : 'Save';
  return (
    <form
      className="ss-card ss-form"
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      aria-label="Billing details"
    >
      <ErrorBox titles={errors.titles} />
      <fieldset className="ss-billing__plans" aria-describedby={planError ? 'billing-plan-error' : undefined}>
        <legend className="ss-form__label">Plan</legend>
        {PLAN_OPTIONS.map((option) => (
          <label key={option.name} className="ss-billing__plan">
            <input
              type="radio"
              name="planName"
              value={option.name}
              checked={plan === option.name}
              onChange={() => setPlan(option.name)}
            />
            <span>
              {option.label}: {option.price}
              {option.note ? <span className="ss-billing__note"> ({option.note})</span> : null}
            </span>
          </label>
        ))}
        {planError ? (
          <p id="billing-plan-error" className="ss-form__error">
            {planError}
          </p>
        ) : null}
      </fieldset>
      <AccountField
        label="Name on card"
        name="name"
        autoComplete="cc-name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setNameTouched(true)}
        error={nameError}
      />
      {stripeKey ? (
        <StripeCardElement
          publishableKey={stripeKey}
          onCompleteChange={setStripeComplete}
          error={cardError}
          handleRef={stripeCard}
        />
      ) : (
        <>
          <AccountField
            label="Card number"
            name="cardNumber"
            autoComplete="cc-number"
            inputMode="text"
            required
            value={card.number}
            onChange={(event) => setCard({ ...card, number: event.target.value })}
            hint="Test mode: use 4242 4242 4242 4242 (any future date, any CVC), or type a test token such as tok_visa."
            error={cardError}
          />
          <div className="ss-billing__row">
            <AccountField
              label="Expiry (MM/YY)"
              name="cardExpiry"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={card.expiry}
              onChange={(event) => setCard({ ...card, expiry: event.target.value })}
            />
            <AccountField
              label="CVC"
              name="cardCvc"
              autoComplete="cc-csc"
              inputMode="numeric"
              value={card.cvc}
              onChange={(event) => setCard({ ...card, cvc: event.target.value })}
            />
          </div>
        </>
      )}
      <div className="ss-billing__actions">
        <button type="submit" className="ss-button" disabled={!enabled}>
          {busy ? 'Please wait…' : label}
        </button>
        {onCancel ? (
          <button type="button" className="ss-button ss-button--secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

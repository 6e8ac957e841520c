/**
 * The card entry of the billing form for live cards: Stripe's card element (an iframe from
 * js.stripe.com that takes number, expiry and CVC), mounted when the server names a Stripe
 * publishable key. Its change events say whether the entry is complete (the form keeps Save and
 * Subscribe disabled until it is) and carry the problem to show while typing; on submit the form asks
 * this entry for a token through the handle.
 * @module
 */
import { loadStripe, type StripeCardElementLike, type StripeLike, stripeCardToken } from '@sportspyder/core';
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';

/** What the form calls on submit. */
export interface StripeCardHandle {
  /** The token of the entered card, or the card provider's message. */
  createToken(name: string): Promise<{ token: string } | { error: string }>;
}

/** Props of {@link StripeCardElement}. */
export interface StripeCardElementProps {
  /** The server's publishable key. */
  publishableKey: string;
  /** Called with the entry's completeness on every change (false until Stripe says complete). */
  onCompleteChange: (complete: boolean) => void;
  /** The server's problem with the card (a decline), shown under the entry. */
  error?: string | undefined;
  /** Receives the handle. */
  handleRef: Ref<StripeCardHandle | null>;
}

/** Stripe's card element with a label and its messages. */
export function StripeCardElement({
  publishableKey,
  onCompleteChange,
  error,
  handleRef,
}: StripeCardElementProps) {
  const id = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeLike; card: StripeCardElementLike } | null>(null);
  const [typingError, setTypingError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const onChange = useRef(onCompleteChange);
  onChange.current = onCompleteChange;

  useEffect(() => {
    let live = true;
    let card: StripeCardElementLike | undefined;
    onChange.current(false);
    loadStripe(publishableKey).then(
      (stripe) => {
        if (!live || !mountRef.current) return;
        card = stripe.elements().create('card', { hidePostalCode: false });
        card.on('change', (event) => {
          setTypingError(event.error?.message);
          onChange.current(event.complete);
        });
        card.mount(mountRef.current);
        stripeRef.current = { stripe, card };
        setStatus('ready');
      },
      () => {
        if (live) setStatus('failed');
      },
    );
    return () => {
      live = false;
      stripeRef.current = null;
      card?.destroy();
    };
  }, [publishableKey]);

  useImperativeHandle(
    handleRef,
    () => ({
      async createToken(name: string) {
        const mounted = stripeRef.current;
        if (!mounted) return { error: 'The card form is not ready yet. Please try again.' };
        return stripeCardToken(mounted.stripe, mounted.card, name);
      },
    }),
    [],
  );

  const message =
    error ??
    typingError ??
    (status === 'failed'
      ? 'The card form could not be loaded. Check your connection and reload the page.'
      : undefined);
  return (
    <fieldset
      className="ss-form__field ss-billing__card"
      aria-describedby={`${id}-message`}
      aria-busy={status === 'loading'}
    >
      <legend className="ss-form__label">Card</legend>
      <div ref={mountRef} className="ss-billing__stripe" data-invalid={message ? 'true' : undefined} />
      {message ? (
        <p id={`${id}-message`} className="ss-form__error" role="alert">
          {message}
        </p>
      ) : (
        <p id={`${id}-message`} className="ss-form__hint">
          Card details go straight to our card provider, Stripe; SportSpyder never sees the number.
        </p>
      )}
    </fieldset>
  );
}

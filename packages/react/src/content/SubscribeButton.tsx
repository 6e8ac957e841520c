/**
 * The Subscribe / Unsubscribe button of source and podcast boxes (spec 2 §4, §6): members toggle
 * the subscription (the label follows the `following` prop, which the caller flips after the call
 * succeeded); visitors get the sign-in prompt instead.
 * @module
 */
import { useEffect, useRef, useState } from 'react';

/** Props of {@link SubscribeButton}. */
export interface SubscribeButtonProps {
  /** True when the member is subscribed. */
  following: boolean;
  /** True when a member is signed in. */
  loggedIn: boolean;
  /** Subscribes or unsubscribes; the button stays disabled while a returned promise is pending. */
  onToggle: () => unknown;
  /** Opens the sign-in / join prompt (visitors). */
  onSignInRequired: () => void;
  /** Accessible name suffix, e.g. the source name ("Subscribe to ESPN"). */
  name?: string;
}

/**
 * A subscribe toggle.
 *
 * @example
 * ```tsx
 * <SubscribeButton following={source.following} loggedIn={loggedIn} onToggle={toggle} onSignInRequired={prompt} />
 * ```
 */
export function SubscribeButton({
  following,
  loggedIn,
  onToggle,
  onSignInRequired,
  name,
}: SubscribeButtonProps) {
  const [pending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const label = following ? 'Unsubscribe' : 'Subscribe';
  const click = () => {
    if (!loggedIn) {
      onSignInRequired();
      return;
    }
    const result = onToggle();
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      setPending(true);
      // The caller reports failures (toast); the button only needs to become usable again.
      (result as Promise<unknown>).then(
        () => mounted.current && setPending(false),
        () => mounted.current && setPending(false),
      );
    }
  };
  return (
    <button
      type="button"
      className={`ss-button ss-subscribe${following ? ' ss-button--secondary is-following' : ''}`}
      aria-pressed={following}
      aria-label={name ? `${label} ${name}` : undefined}
      disabled={pending}
      onClick={click}
    >
      {label}
    </button>
  );
}

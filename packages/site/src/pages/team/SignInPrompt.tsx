/**
 * The sign-in / join prompt of spec 2 §4 for visitors who try to follow, hide or customise: a small
 * dialog with links to sign in (`/login?out`, remembering the page in the link state) and to join.
 * @module
 */
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';

/** Props of {@link SignInPrompt}. */
export interface SignInPromptProps {
  /** What the visitor tried to do, e.g. "follow the Green Bay Packers". */
  action: string;
  /** Closes the prompt. */
  onClose: () => void;
}

/** The sign-in / join dialog. */
export function SignInPrompt({ action, onClose }: SignInPromptProps) {
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      ref={box}
      className="ss-team-prompt"
      role="dialog"
      aria-modal="false"
      aria-label="Sign in required"
      tabIndex={-1}
    >
      <p className="ss-team-prompt__text">Sign in or join SportSpyder to {action}.</p>
      <div className="ss-team-prompt__actions">
        <Link className="ss-button ss-button--primary" to="/login?out" state={{ from }}>
          Sign in
        </Link>
        <Link className="ss-button" to="/join" state={{ from }}>
          Join
        </Link>
        <button type="button" className="ss-team-prompt__close" onClick={onClose}>
          Not now
        </button>
      </div>
    </div>
  );
}

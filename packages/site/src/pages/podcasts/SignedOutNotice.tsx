/**
 * The visitors' notice of the podcast pages (spec 2 "Podcast and episode pages"): "Sign in to follow
 * podcasts and sync episodes across devices", with a Sign in link that returns here.
 * @module
 */
import { PODCASTS_SIGNED_OUT_TEXT } from '@sportspyder/core';
import { useSession } from '@sportspyder/react';
import { Link, useLocation, useNavigate } from 'react-router';
import { rememberLoginOrigin } from '../../guards/loginOrigin.js';

/** The notice; nothing for members or while the session loads. */
export function SignedOutNotice() {
  const { loading, loggedIn } = useSession();
  const location = useLocation();
  if (loading || loggedIn) return null;
  const from = `${location.pathname}${location.search}`;
  return (
    <p className="ss-podcasts-notice">
      <span>{PODCASTS_SIGNED_OUT_TEXT}</span>{' '}
      <Link to="/login" state={{ from }} onClick={() => rememberLoginOrigin(from)}>
        Sign in
      </Link>
    </p>
  );
}

/** Sends a visitor who tried a member action to the sign-in page, remembering where they were. */
export function useSignInRedirect(): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  return () => {
    const from = `${location.pathname}${location.search}`;
    rememberLoginOrigin(from);
    navigate('/login', { state: { from } });
  };
}

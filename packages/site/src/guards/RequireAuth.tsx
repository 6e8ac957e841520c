/**
 * Guard of the signed-in screens (/profile, /notifications, /settings/*): a signed-out visitor goes to
 * /login?out with the origin remembered. While the session loads nothing is decided, so a signed-in
 * member reloading a settings page is never bounced to the login screen.
 * @module
 */
import { useSession } from '@sportspyder/react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';
import { type LoginOriginState, rememberLoginOrigin } from './loginOrigin.js';

/** Renders the child routes for members, or redirects visitors to sign in. */
export function RequireAuth() {
  const { loading, loggedIn } = useSession();
  const location = useLocation();
  if (loading) return <LoadingFrame />;
  if (!loggedIn) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    rememberLoginOrigin(from);
    const state: LoginOriginState = { from };
    return <Navigate to="/login?out" replace state={state} />;
  }
  return <Outlet />;
}

/**
 * Guard of the guest screens (/login, /join): a signed-in member goes back to the remembered origin,
 * or home. This is also what completes a sign-in: the page reloads signed in and lands here.
 * @module
 */
import { useSession } from '@sportspyder/react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';
import { clearLoginOrigin, readLoginOrigin } from './loginOrigin.js';

/** Sends the member to the origin read once on mount, then forgets the stored copy. */
function ReturnToOrigin({ state }: { state: unknown }) {
  const navigate = useNavigate();
  // Read once: clearing the stored copy must not change where a re-render would send the member.
  const [origin] = useState(() => readLoginOrigin(state));
  useEffect(() => {
    clearLoginOrigin();
    navigate(origin, { replace: true });
  }, [navigate, origin]);
  return <LoadingFrame />;
}

/** Renders the child routes for visitors, or sends members back where they came from. */
export function GuestOnly() {
  const { loading, loggedIn } = useSession();
  const location = useLocation();
  if (loading) return <LoadingFrame />;
  if (loggedIn) return <ReturnToOrigin state={location.state} />;
  return <Outlet />;
}

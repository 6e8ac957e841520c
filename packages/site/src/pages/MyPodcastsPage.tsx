/**
 * /my/podcasts (spec 3 §2): members are sent to their podcast settings; visitors see that only podcasts
 * played on this device are listed, with a Sign in link. The device's list arrives with the podcast issue.
 * @module
 */
import { useSession } from '@sportspyder/react';
import { Link, Navigate } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';
import { rememberLoginOrigin } from '../guards/loginOrigin.js';
import { PlaceholderPage } from './PlaceholderPage.js';

/** My Podcasts for visitors, a redirect for members. */
export function MyPodcastsPage() {
  const { loading, loggedIn } = useSession();
  if (loading) return <LoadingFrame />;
  if (loggedIn) return <Navigate to="/settings/podcasts" replace />;
  return (
    <PlaceholderPage
      title="My Podcasts"
      description="Only podcasts played on this device are listed here. Up to 8 recently played podcasts will appear below."
    >
      <p>
        <Link
          to="/login"
          state={{ from: '/my/podcasts' }}
          onClick={() => rememberLoginOrigin('/my/podcasts')}
        >
          Sign in
        </Link>{' '}
        to sync your podcasts across devices.
      </p>
    </PlaceholderPage>
  );
}

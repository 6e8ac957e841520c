/**
 * The /version page: which build of the product the server runs (the session carries it).
 * @module
 */
import { useSession } from '@sportspyder/react';
import { PlaceholderPage } from './PlaceholderPage.js';

/** Shows the deployed version. */
export function VersionPage() {
  const { loading, session } = useSession();
  return (
    <PlaceholderPage title="Version" description="The version of SportSpyder this server runs.">
      <p className="ss-version">{loading ? 'Loading…' : (session?.version ?? 'Unknown')}</p>
    </PlaceholderPage>
  );
}

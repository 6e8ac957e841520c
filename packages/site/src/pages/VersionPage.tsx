/**
 * The /version page: which build of the product the server runs (the session carries it), and
 * what it is for: quoting it when reporting a problem, and the reload that follows a new version.
 * @module
 */
import { useSession } from '@sportspyder/react';
import { Link } from 'react-router';
import { StaticPage, StaticSection } from './about/StaticPage.js';

/** Shows the deployed version. */
export function VersionPage() {
  const { loading, session } = useSession();
  return (
    <StaticPage title="Version" intro="The version of SportSpyder this server runs.">
      <StaticSection title="Current version">
        <p className="ss-version" aria-live="polite">
          {loading ? 'Loading…' : (session?.version ?? 'Unknown')}
        </p>
        <p>
          When a new version is released, open pages reload by themselves to pick it up. If something looks
          wrong, <Link to="/contact/1">tell us</Link> and include this version in your message.
        </p>
      </StaticSection>
    </StaticPage>
  );
}

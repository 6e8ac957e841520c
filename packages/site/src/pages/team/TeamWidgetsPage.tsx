/**
 * The widgets page (/:sportId/:teamId/widgets, spec 2 "Widgets page"): the embed configurator
 * (../widgets/EmbedConfigurator) with this team picked, a limit of 1 to 12 (default 6), the theme, a
 * live preview and the copyable script snippet; members can also pick "Your Favorites".
 * @module
 */
import { useOutletContext } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { siteOrigin } from '../about/siteOrigin.js';
import type { TeamOutletContext } from '../TeamLayout.js';
import { EmbedConfigurator } from '../widgets/EmbedConfigurator.js';
import './team.css';

/** The team widgets page. */
export function TeamWidgetsPage() {
  const { team } = useOutletContext<TeamOutletContext>();
  const title = `${team.fullName} Widgets`;
  useDocumentTitle(title);
  return (
    <article className="ss-page ss-team-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{title}</h1>
        <p className="ss-page__description">
          Put the latest {team.fullName} headlines on your site: choose the options, check the preview and
          copy the snippet into your page&rsquo;s HTML.
        </p>
      </header>
      <EmbedConfigurator
        key={`${team.sportSlug}/${team.slug}`}
        initialTeam={`${team.sportSlug}/${team.slug}`}
        initialTeamName={team.fullName}
        origin={siteOrigin()}
      />
    </article>
  );
}

/**
 * /promoted: what the "promoted" label on an article or episode means (a partner's item placed at
 * the top of a list), how it is kept apart from the ranking, and whom to ask.
 * @module
 */
import { Link } from 'react-router';
import { StaticPage, StaticSection } from './StaticPage.js';

/** The promoted content page. */
export function PromotedPage() {
  return (
    <StaticPage
      title="Promoted Content"
      intro="Some articles and podcast episodes on SportSpyder are placed by our partners. They are always labelled as promoted."
    >
      <StaticSection title="What the label means">
        <p>
          A promoted article or episode has been given a place at the top of a team, sport or podcast list by
          its publisher. Everything else you see is ranked by SportSpyder alone: by how recent it is and how
          many fans are reading or listening.
        </p>
        <p>
          Promoted items are chosen for the page they appear on: a team&rsquo;s page only promotes coverage of
          that team. They link to the publisher&rsquo;s page like every other story.
        </p>
      </StaticSection>
      <StaticSection title="Promotion never buys a ranking">
        <p>
          Paying for a promotion does not change where a publisher&rsquo;s other stories appear, and
          publishers cannot pay to have anyone else&rsquo;s coverage moved down or hidden.
        </p>
        <p>
          <Link to="/about/pro">SportSpyder PRO</Link> removes ads; promoted items are labelled content and
          stay visible.
        </p>
      </StaticSection>
      <StaticSection title="Promote your content">
        <p>
          Read <Link to="/featured">how featured content works</Link>, or{' '}
          <Link to="/contact/5">contact our advertising team</Link>.
        </p>
      </StaticSection>
    </StaticPage>
  );
}

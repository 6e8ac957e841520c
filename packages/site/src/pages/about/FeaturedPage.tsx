/**
 * /featured: how publishers have their articles and episodes featured (where featured items appear,
 * how they are labelled, what we accept) and the way to ask (/contact/5).
 * @module
 */
import { Link } from 'react-router';
import { StaticPage, StaticSection } from './StaticPage.js';

/** The featured content page. */
export function FeaturedPage() {
  return (
    <StaticPage
      title="Featured Content"
      intro="Put your best coverage in front of the fans who care about it most: feature your articles, episodes or podcast on the pages of the teams and sports they cover."
    >
      <StaticSection title="Where featured content appears">
        <ul>
          <li>At the top of the news and podcast lists of the teams and sports you choose.</li>
          <li>Among the featured episodes of the home page and the podcast pages.</li>
          <li>For the period you choose, from a day to a season.</li>
        </ul>
        <p>
          Featured items carry a <Link to="/promoted">promoted</Link> label, link to your page like every
          other story, and never change where the rest of your coverage ranks.
        </p>
      </StaticSection>
      <StaticSection title="What we feature">
        <p>
          Sports coverage from publishers listed on SportSpyder, or that we can list: news, analysis, podcasts
          and video. We do not feature betting offers, political content or anything that breaks our chat
          rules.
        </p>
      </StaticSection>
      <StaticSection title="Get started">
        <p>
          <Link className="ss-button" to="/contact/5">
            Ask about featured content
          </Link>
        </p>
        <p>
          Not listed yet? <Link to="/contact/3">Submit your website</Link> first. More for publishers, such as
          the widgets for your own pages, is on the <Link to="/about/publishers">publishers page</Link>.
        </p>
      </StaticSection>
    </StaticPage>
  );
}

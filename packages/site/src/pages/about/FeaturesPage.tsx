/**
 * /about/features (spec 1 §2.8): the help-guide catalogue, one section per feature area in the
 * spec's order, each listing its guides with a link to /about/feature/:category/:id.
 * @module
 */
import { Link } from 'react-router';
import { FEATURE_SECTIONS, featureGuidePath } from './featureGuide.js';
import { StaticPage, StaticSection } from './StaticPage.js';

/** The feature guide catalogue. */
export function FeaturesPage() {
  return (
    <StaticPage
      title="Feature Guide"
      intro="How to get the most out of SportSpyder, from the news feed to the podcast player. Pick a topic to read its guide."
    >
      <nav aria-label="Feature guide sections" className="ss-card ss-static__section">
        <h2 className="ss-static__title">Sections</h2>
        <ul className="ss-static__catalogue">
          {FEATURE_SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {FEATURE_SECTIONS.map((section) => (
        <div key={section.id} id={section.id}>
          <StaticSection title={section.title}>
            <p>{section.summary}</p>
            <ul>
              {section.guides.map((guide) => (
                <li key={guide.id}>
                  <Link to={featureGuidePath(section.id, guide.id)}>{guide.title}</Link>: {guide.summary}
                </li>
              ))}
            </ul>
          </StaticSection>
        </div>
      ))}
    </StaticPage>
  );
}

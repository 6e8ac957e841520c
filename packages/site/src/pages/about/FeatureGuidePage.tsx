/**
 * /about/feature/:category/:id: one guide of the catalogue (spec 1 §2.8) with its steps, a link to
 * try it, the other guides of its section and the way back to the catalogue. An unknown guide goes
 * to the not-found page.
 * @module
 */
import { Link, Navigate, useParams } from 'react-router';
import { featureGuidePath, findFeatureGuide } from './featureGuide.js';
import { StaticPage, StaticSection } from './StaticPage.js';

/** One feature guide. */
export function FeatureGuidePage() {
  const { category, id } = useParams();
  const found = findFeatureGuide(category, id);
  if (!found) return <Navigate to="/page-not-found" replace />;
  const { section, guide } = found;
  const others = section.guides.filter((g) => g.id !== guide.id);
  return (
    <StaticPage title={`${guide.title} | Feature Guide`} heading={guide.title} intro={guide.summary}>
      <p>
        <Link to="/about/features">Feature guide</Link> ›{' '}
        <Link to={`/about/features#${section.id}`}>{section.title}</Link>
      </p>
      <StaticSection title="How it works">
        <ol>
          {guide.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {guide.tryIt ? (
          <p>
            <Link className="ss-button" to={guide.tryIt.href}>
              {guide.tryIt.label}
            </Link>
          </p>
        ) : null}
      </StaticSection>
      {others.length > 0 ? (
        <StaticSection title={`More about ${section.title.toLowerCase()}`}>
          <ul>
            {others.map((other) => (
              <li key={other.id}>
                <Link to={featureGuidePath(section.id, other.id)}>{other.title}</Link>
              </li>
            ))}
          </ul>
        </StaticSection>
      ) : null}
    </StaticPage>
  );
}

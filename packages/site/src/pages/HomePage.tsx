/**
 * The home page (/). Its stories and blocks per sport arrive with the content issue; the shell shows the
 * hero and the sports from the precache.
 * @module
 */
import { useReference } from '@sportspyder/react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../hooks/useDocumentTitle.js';

/** The home page. */
export function HomePage() {
  useDocumentTitle('Sports News, Podcasts and Chat');
  const { sports } = useReference();
  return (
    <article className="ss-page ss-home">
      <header className="ss-home__hero">
        <h1 className="ss-home__title">What's Happening in Sports Right Now</h1>
        <p className="ss-home__lead">
          News, videos, podcasts and posts for every team, gathered from thousands of sources.
        </p>
      </header>
      <section className="ss-card" aria-labelledby="home-sports">
        <h2 id="home-sports" className="ss-card__title">
          Pick a league
        </h2>
        <ul className="ss-sport-grid">
          {sports.map((sport) => (
            <li key={sport.slug}>
              <Link to={`/sports/${sport.slug}`} className="ss-sport-tile">
                <img src={sport.logo} alt="" width={40} height={40} />
                <span>{sport.name}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="ss-page__description">Today's top stories and a block per sport will appear here.</p>
      </section>
    </article>
  );
}

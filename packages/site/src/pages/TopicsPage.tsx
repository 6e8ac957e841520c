/**
 * The Other Sports page (/topics, spec 2 §2): the topics in two columns.
 * @module
 */
import { OTHER_SPORTS_TITLE, splitInHalves } from '@sportspyder/core';
import { useReference } from '@sportspyder/react';
import { Link } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';
import { useDocumentTitle } from '../hooks/useDocumentTitle.js';

/** The list of topics. */
export function TopicsPage() {
  useDocumentTitle(OTHER_SPORTS_TITLE);
  const { loading, topics } = useReference();
  return (
    <article className="ss-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{OTHER_SPORTS_TITLE}</h1>
      </header>
      <div className="ss-card">
        {loading ? (
          <LoadingFrame />
        ) : (
          <div className="ss-columns">
            {splitInHalves(topics).map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two fixed columns
              <ul key={index} className="ss-columns__column">
                {column.map((topic) => (
                  <li key={topic.id}>
                    <Link to={`/s/${topic.slug}`}>{topic.name}</Link>
                  </li>
                ))}
              </ul>
            ))}
          </div>
        )}
      </div>
    </article>
  );
}

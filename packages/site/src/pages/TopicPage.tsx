/**
 * Topic pages (/s/:topicId and below): titled with the topic's name from the precache; an unknown topic
 * goes to the 404 page.
 * @module
 */
import type { Topic } from '@sportspyder/contract';
import { useReference } from '@sportspyder/react';
import { Navigate, useParams } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';
import { PlaceholderPage } from './PlaceholderPage.js';

/** Props of {@link TopicPage}. */
export interface TopicPageProps {
  /** The title from the topic. */
  title: (topic: Topic) => string;
  /** What the page will show. */
  description: (topic: Topic) => string;
}

/** A page of a topic. */
export function TopicPage({ title, description }: TopicPageProps) {
  const { topicId } = useParams();
  const { loading, topics } = useReference();
  const topic = topics.find((t) => t.slug === topicId);
  if (!topic) {
    if (loading || topics.length === 0) return <LoadingFrame />;
    return <Navigate to="/page-not-found" replace />;
  }
  return <PlaceholderPage title={title(topic)} description={description(topic)} />;
}

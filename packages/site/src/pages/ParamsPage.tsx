/**
 * A placeholder page whose title depends on the route parameters (e.g. /news/:userId).
 * @module
 */
import type { ReactNode } from 'react';
import { type Params, useParams } from 'react-router';
import { PlaceholderPage } from './PlaceholderPage.js';

/** Props of {@link ParamsPage}. */
export interface ParamsPageProps {
  /** The title from the route parameters. */
  title: (params: Readonly<Params<string>>) => string;
  /** What the page will show. */
  description: ReactNode;
}

/** A titled page frame reading its title from the URL. */
export function ParamsPage({ title, description }: ParamsPageProps) {
  const params = useParams();
  return <PlaceholderPage title={title(params)} description={description} />;
}

/**
 * Sets the browser tab title of a page: "<Page> | SportSpyder".
 * @module
 */
import { useEffect } from 'react';

/** The product name appended to every page title. */
export const SITE_NAME = 'SportSpyder';

/** Formats a page title; without a page name the title is the product name alone. */
export function formatDocumentTitle(page?: string | null): string {
  return page ? `${page} | ${SITE_NAME}` : SITE_NAME;
}

/** Sets `document.title` for the current page while it is shown. */
export function useDocumentTitle(page?: string | null): void {
  useEffect(() => {
    document.title = formatDocumentTitle(page);
  }, [page]);
}

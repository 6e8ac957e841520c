/**
 * The link component the site plugs into `@sportspyder/react`: react-router's Link for site paths
 * (client-side navigation), a plain anchor for external URLs and new tabs.
 * @module
 */
import type { LinkProps } from '@sportspyder/react';
import { Link } from 'react-router';

/** Adapter from the bindings' {@link LinkProps} (`href`) to react-router's Link (`to`). */
export function RouterLink({ href, children, ...rest }: LinkProps) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || rest.target === '_blank') {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} {...rest}>
      {children}
    </Link>
  );
}

/**
 * Router-agnostic links: the site plugs react-router's Link in, embeds use a plain anchor.
 * Whatever is plugged in must render a real `<a href>` so links work without script and open in new tabs.
 * @module
 */
import {
  type ComponentType,
  createContext,
  type FocusEventHandler,
  type MouseEventHandler,
  type ReactNode,
  useContext,
} from 'react';

/** Props every link component receives. */
export interface LinkProps {
  /** Target URL, a site path such as `/nfl/green-bay-packers/news` or an absolute URL. */
  href: string;
  /** Link content. */
  children?: ReactNode;
  /** CSS class. */
  className?: string;
  /** Window target, e.g. `_blank` for external links. */
  target?: string;
  /** Link relation, e.g. `noopener noreferrer`. */
  rel?: string;
  /** Tooltip text. */
  title?: string;
  /** Accessible name when the content is not text. */
  'aria-label'?: string;
  /** Marks the link of the current page. */
  'aria-current'?: 'page' | 'true' | 'false';
  /** ARIA role, e.g. `menuitem`. */
  role?: string;
  /** Click handler (runs before navigation). */
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  /** Focus handler. */
  onFocus?: FocusEventHandler<HTMLAnchorElement>;
}

/** A component that renders a link; it must output an anchor with the given `href`. */
export type LinkComponent = ComponentType<LinkProps>;

/** The default link: a plain anchor (full page load), used by embeds and when no router is plugged in. */
export function PlainLink({ href, children, ...rest }: LinkProps) {
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

/** Context holding the link component; defaults to {@link PlainLink}. */
export const LinkContext = createContext<LinkComponent>(PlainLink);

/** Props of {@link LinkProvider}. */
export interface LinkProviderProps {
  /** The component every link below renders with. */
  component: LinkComponent;
  /** The subtree. */
  children?: ReactNode;
}

/**
 * Sets the link component for the components below (the site passes an adapter over react-router's Link).
 *
 * @example
 * ```tsx
 * const RouterLink = ({ href, ...rest }: LinkProps) => <Link to={href} {...rest} />;
 * <LinkProvider component={RouterLink}><Footer /></LinkProvider>
 * ```
 */
export function LinkProvider({ component, children }: LinkProviderProps) {
  return <LinkContext.Provider value={component}>{children}</LinkContext.Provider>;
}

/** Returns the link component to use: the explicit `override` when given, else the context's. */
export function useLinkComponent(override?: LinkComponent): LinkComponent {
  const fromContext = useContext(LinkContext);
  return override ?? fromContext;
}

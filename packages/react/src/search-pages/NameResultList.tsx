/**
 * A list of found names on the search pages (teams, topics, sources, sites, podcasts, episodes): each
 * row a link to the item's page with its picture, its name with the query's words marked, and a
 * second line saying what it is. A row the spoiler shield marks (an episode whose title gives a hidden
 * result away, issue 49) is blurred behind a reveal control, as an article card's headline is.
 * @module
 */
import { type LinkComponent, useLinkComponent } from '../components/Link.js';
import { HighlightedText } from '../search/HighlightedText.js';
import { SpoilerBlur } from '../spoilers/SpoilerBlur.js';

/** One row of a {@link NameResultList}. */
export interface NameResult {
  /** A key unique in the list. */
  key: string;
  /** The page the row opens. */
  href: string;
  /** The name shown, with the query's words marked. */
  name: string;
  /** A picture (logo, favicon, artwork), or null for the name's initial. */
  image: string | null;
  /** The second line: what the item is. */
  detail: string;
  /** The spoiler shield's mark: the row shows blurred until the member reveals it. */
  spoiler?: boolean | undefined;
}

/** Props of {@link NameResultList}. */
export interface NameResultListProps {
  /** The rows. */
  items: readonly NameResult[];
  /** The query whose words are marked. */
  query: string;
  /** Link component override (defaults to the `LinkProvider`'s). */
  LinkComponent?: LinkComponent;
}

/**
 * The rows of found names.
 *
 * @example
 * ```tsx
 * <NameResultList query="pack" items={[{ key: 'team-9', href: '/nfl/green-bay-packers', name: 'Green Bay Packers', image: '/logos/teams/green-bay-packers.svg', detail: 'NFL' }]} />
 * ```
 */
export function NameResultList({ items, query, LinkComponent }: NameResultListProps) {
  const Link = useLinkComponent(LinkComponent);
  return (
    <ul className="ss-name-results">
      {items.map((item) => (
        <li key={item.key} className="ss-name-results__item">
          {/* The spoiler shield's mark (issue 49): the whole row is the link, so the blur stands for it. */}
          <SpoilerBlur hidden={item.spoiler === true} text={item.name}>
            <Link className="ss-name-results__link" href={item.href}>
              {item.image ? (
                <img
                  className="ss-name-results__image"
                  src={item.image}
                  alt=""
                  width={32}
                  height={32}
                  loading="lazy"
                />
              ) : (
                <span className="ss-name-results__image ss-name-results__initial" aria-hidden="true">
                  {item.name.charAt(0).toUpperCase()}
                </span>
              )}
              <span className="ss-name-results__text">
                <span className="ss-name-results__name">
                  <HighlightedText text={item.name} query={query} />
                </span>{' '}
                <span className="ss-name-results__detail">{item.detail}</span>
              </span>
            </Link>
          </SpoilerBlur>
        </li>
      ))}
    </ul>
  );
}

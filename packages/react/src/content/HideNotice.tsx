/**
 * What replaces an item hidden from a team feed (spec 2 §4): "{item} is now hidden from your
 * {team} feed" with Undo (removes the hide) and Configure (the team's Configure screen).
 * @module
 */
import { type LinkComponent, useLinkComponent } from '../components/Link.js';

/** Props of {@link HideNotice}. */
export interface HideNoticeProps {
  /** What was hidden, e.g. the source's name. */
  itemLabel: string;
  /** The team's name. */
  teamName: string;
  /** Removes the hide. */
  onUndo: () => void;
  /** The Configure screen, e.g. `/settings/configure/sources/dallas-cowboys`. */
  configureHref: string;
  /** Link component override (defaults to the `LinkProvider`'s). */
  LinkComponent?: LinkComponent;
}

/** "{item} is now hidden from your {team} feed". */
export function hiddenNoticeText(itemLabel: string, teamName: string): string {
  return `${itemLabel} is now hidden from your ${teamName} feed`;
}

/**
 * The notice in place of a hidden item.
 *
 * @example
 * ```tsx
 * <HideNotice itemLabel="ESPN" teamName="Cowboys" onUndo={undo} configureHref="/settings/configure/sources/dallas-cowboys" />
 * ```
 */
export function HideNotice({ itemLabel, teamName, onUndo, configureHref, LinkComponent }: HideNoticeProps) {
  const Link = useLinkComponent(LinkComponent);
  return (
    <div className="ss-hide-notice" role="status">
      <p className="ss-hide-notice__text">{hiddenNoticeText(itemLabel, teamName)}</p>
      <p className="ss-hide-notice__actions">
        <button type="button" className="ss-hide-notice__undo" onClick={onUndo}>
          Undo
        </button>
        <Link href={configureHref} className="ss-hide-notice__configure">
          Configure
        </Link>
      </p>
    </div>
  );
}

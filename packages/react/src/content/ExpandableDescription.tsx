/**
 * A source or podcast description (spec 2 §4): the first 80 characters plus "see more" when it is
 * longer, all of it plus "show less" when expanded (the core's `descriptionPreview`).
 * @module
 */
import { descriptionPreview } from '@sportspyder/core';
import { useState } from 'react';

/** Props of {@link ExpandableDescription}. */
export interface ExpandableDescriptionProps {
  /** The description. */
  text: string | null | undefined;
}

/**
 * A collapsible description; renders nothing for an empty one.
 *
 * @example
 * ```tsx
 * <ExpandableDescription text={source.description} />
 * ```
 */
export function ExpandableDescription({ text }: ExpandableDescriptionProps) {
  const [expanded, setExpanded] = useState(false);
  const preview = descriptionPreview(text, expanded);
  if (!preview.text) return null;
  return (
    <p className="ss-description">
      <span className="ss-description__text">
        {preview.text}
        {preview.toggleLabel === 'see more' ? '…' : ''}
      </span>{' '}
      {preview.toggleLabel && (
        <button
          type="button"
          className="ss-description__toggle"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {preview.toggleLabel}
        </button>
      )}
    </p>
  );
}

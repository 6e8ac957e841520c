/**
 * The summary section pills of a team page (spec 2 §3, §4): one pill per section; the selected
 * pill opens its summaries (text, highlights, the articles they draw on) with Previous, Next and
 * Close. The selection lives with the caller (`selectedId` / `onSelect`) so the site can keep it
 * in local storage.
 * @module
 */
import type { SummarySection } from '@sportspyder/contract';
import { useId } from 'react';
import { externalLinkProps } from './media-helpers.js';

/** Props of {@link SummaryPills}. */
export interface SummaryPillsProps {
  /** The sections (pills), in order. */
  sections: readonly SummarySection[];
  /** The open section's id, or null when closed. */
  selectedId: number | null;
  /** Called with the section to open, or null to close. */
  onSelect: (id: number | null) => void;
  /** Open article links in a new window. */
  linksInNewWindow?: boolean;
}

/**
 * Pills of AI summary sections with the open section's summaries.
 *
 * @example
 * ```tsx
 * import { useState } from 'react';
 *
 * const [selected, setSelected] = useState<number | null>(null);
 * <SummaryPills sections={sections} selectedId={selected} onSelect={setSelected} />
 * ```
 */
export function SummaryPills({ sections, selectedId, onSelect, linksInNewWindow }: SummaryPillsProps) {
  const panelId = useId();
  if (sections.length === 0) return null;
  const index = sections.findIndex((section) => section.id === selectedId);
  const selected = index >= 0 ? sections[index] : undefined;
  const external = externalLinkProps(linksInNewWindow);
  return (
    <section className="ss-summary" aria-label="Summaries">
      <ul className="ss-summary__pills">
        {sections.map((section) => (
          <li key={section.id}>
            <button
              type="button"
              className={`ss-pill${section.id === selectedId ? ' is-selected' : ''}`}
              aria-pressed={section.id === selectedId}
              aria-controls={section.id === selectedId ? panelId : undefined}
              onClick={() => onSelect(section.id === selectedId ? null : section.id)}
            >
              {section.label}
            </button>
          </li>
        ))}
      </ul>
      {selected && (
        <section className="ss-summary__panel" id={panelId} aria-label={selected.label}>
          {selected.summaries.map((summary) => (
            <div key={summary.id} className="ss-summary__item">
              <p className="ss-summary__text">{summary.text}</p>
              {summary.highlights.length > 0 && (
                <ul className="ss-summary__highlights">
                  {summary.highlights.map((highlight) => (
                    <li key={highlight}>{highlight}</li>
                  ))}
                </ul>
              )}
              {summary.articles.length > 0 && (
                <ul className="ss-summary__articles">
                  {summary.articles.map((article) => (
                    <li key={article.id}>
                      <a href={article.finalUrl} {...external}>
                        {article.title}
                      </a>{' '}
                      <span className="ss-summary__source">
                        {article.domain.label || article.domain.name}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
          <div className="ss-summary__actions">
            <button
              type="button"
              className="ss-summary__prev"
              disabled={index <= 0}
              onClick={() => onSelect(sections[index - 1]?.id ?? null)}
            >
              Previous
            </button>
            <button
              type="button"
              className="ss-summary__next"
              disabled={index >= sections.length - 1}
              onClick={() => onSelect(sections[index + 1]?.id ?? null)}
            >
              Next
            </button>
            <button type="button" className="ss-summary__close" onClick={() => onSelect(null)}>
              Close
            </button>
          </div>
        </section>
      )}
    </section>
  );
}

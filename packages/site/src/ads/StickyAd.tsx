/**
 * The bottom sticky ad (spec 1 §4.5): one slot fixed to the bottom of the viewport on every page,
 * desktop (728×90) and mobile (320×50). It shows only when ads show at all (not while the session
 * loads, not for PRO, trial and comp members, not in the ads-off variant), and hides when the viewport
 * is short (under 560 px high on mobile, 780 px on desktop) and on chat pages. It sits above the
 * podcast player bar, never over it (sticky-ad.css), and hides while the mobile player is expanded. A close
 * button hides it until the next page load. A spacer at the end of the page keeps the footer from
 * ending up underneath it.
 * @module
 */
import { isChatPath } from '@sportspyder/core';
import { AdSlot, useAdVisibility } from '@sportspyder/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import './sticky-ad.css';

/** The sticky ad bar of the site frame. */
export function StickyAd() {
  const { pathname } = useLocation();
  const { sticky, platform } = useAdVisibility({ sticky: true, chatPage: isChatPath(pathname) });
  const [closed, setClosed] = useState(false);
  if (!sticky || closed) return null;
  return (
    <>
      <div className={`ss-sticky-ad-spacer ss-sticky-ad-spacer--${platform}`} aria-hidden="true" />
      {/* A landmark of its own: the bar sits outside <main>, and every part of a page belongs to one. */}
      <aside
        className={`ss-sticky-ad ss-sticky-ad--${platform}`}
        data-testid="sticky-ad"
        aria-label="Advertisement bar"
      >
        <AdSlot list="sticky" platform={platform} />
        <button
          type="button"
          className="ss-sticky-ad__close"
          aria-label="Close advertisement"
          onClick={() => setClosed(true)}
        >
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </aside>
    </>
  );
}

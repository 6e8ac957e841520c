/**
 * The mobile header and its panels (spec 1 §2.6), used up to 767 px: a menu toggle, the logo, Search,
 * Pods and Profile (or Sign In). One panel at most is open (nav, search or user); while one is open the
 * page behind does not scroll.
 * @module
 */
import { MOBILE_SEARCH_FOCUS_MS, SIGN_IN_LABEL } from '@sportspyder/core';
import { useClient, useSession } from '@sportspyder/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { rememberLoginOrigin } from '../guards/loginOrigin.js';
import { VISITOR_MENU } from './AccountMenu.js';
import { CloseIcon, HeadphonesIcon, MenuIcon, SearchIcon, UserIcon } from './Icons.js';
import { Logo } from './Logo.js';
import { MobileNavPanel } from './MobileNavPanel.js';
import { SearchBox } from './SearchBox.js';
import { TopBar } from './TopBar.js';

/** Which mobile panel is open. */
export type MobilePanel = 'closed' | 'nav' | 'search' | 'user';

/** Locks the page scroll while `locked` is true, restoring the previous value afterwards. */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [locked]);
}

/** The mobile header bar and the panel below it. */
export function MobileHeader() {
  const [panel, setPanel] = useState<MobilePanel>('closed');
  const { loading, loggedIn, user } = useSession();
  const location = useLocation();
  useScrollLock(panel !== 'closed');
  // A followed link lands on a new page: the panel must not stay over it. Only a change of page closes
  // it: the effect's first run comes after the header appeared, and a tap made meanwhile must stand.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    setPanel('closed');
  }, [location.key]);

  const toggle = (next: MobilePanel) => setPanel((current) => (current === next ? 'closed' : next));

  return (
    <TopBar keepVisible={panel !== 'closed'}>
      <header className={`ss-mheader${panel !== 'closed' ? ' has-panel' : ''}`}>
        <div className="ss-mheader__bar">
          <button
            type="button"
            className="ss-mheader__button"
            aria-label={panel === 'nav' ? 'Close menu' : 'Menu'}
            aria-expanded={panel === 'nav'}
            onClick={() => toggle('nav')}
          >
            {panel === 'nav' ? <CloseIcon /> : <MenuIcon />}
          </button>
          <Logo />
          <div className="ss-mheader__actions">
            <button
              type="button"
              className="ss-mheader__button"
              aria-expanded={panel === 'search'}
              onClick={() => toggle('search')}
            >
              <SearchIcon />
              <span className="ss-mheader__label">Search</span>
            </button>
            <Link to="/my/podcasts" className="ss-mheader__button">
              <HeadphonesIcon />
              <span className="ss-mheader__label">Pods</span>
            </Link>
            {loading ? (
              <span className="ss-mheader__button" aria-hidden="true" />
            ) : loggedIn && user ? (
              <button
                type="button"
                className="ss-mheader__button"
                aria-expanded={panel === 'user'}
                onClick={() => toggle('user')}
              >
                <UserIcon />
                <span className="ss-mheader__label">Profile</span>
              </button>
            ) : (
              <button
                type="button"
                className="ss-mheader__button"
                aria-expanded={panel === 'user'}
                onClick={() => toggle('user')}
              >
                <UserIcon />
                <span className="ss-mheader__label">{SIGN_IN_LABEL}</span>
              </button>
            )}
          </div>
        </div>
        {panel === 'nav' && <MobileNavPanel />}
        {panel === 'search' && <MobileSearchPanel onDone={() => setPanel('closed')} />}
        {panel === 'user' &&
          (loggedIn && user ? (
            <MobileUserPanel onDone={() => setPanel('closed')} />
          ) : (
            <MobileVisitorPanel from={`${location.pathname}${location.search}`} />
          ))}
      </header>
    </TopBar>
  );
}

/**
 * The search panel: the live search box, its input focused shortly after opening (once the panel has
 * slid in); choosing a result or submitting closes the panel.
 */
function MobileSearchPanel({ onDone }: { onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => input.current?.focus(), MOBILE_SEARCH_FOCUS_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="ss-mpanel ss-mpanel--search" role="dialog" aria-label="Search">
      <SearchBox inputRef={input} onSubmitted={onDone} />
    </div>
  );
}

/** The visitor's panel: Sign In, Register and My Podcasts, as the desktop visitor's menu. */
function MobileVisitorPanel({ from }: { from: string }) {
  return (
    <div className="ss-mpanel ss-mpanel--user" role="dialog" aria-label="Sign in menu">
      <ul className="ss-mpanel__list">
        {VISITOR_MENU.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              state={item.signIn ? { from } : undefined}
              onClick={item.signIn ? () => rememberLoginOrigin(from) : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The profile panel of members (spec 1 §2.6). */
function MobileUserPanel({ onDone }: { onDone: () => void }) {
  const client = useClient();
  const items: { label: string; to: string }[] = [
    { label: 'Profile', to: '/profile' },
    { label: 'Notifications', to: '/notifications' },
    { label: 'Following', to: '/settings/following' },
    { label: 'My Podcasts', to: '/settings/podcasts' },
    { label: 'My Sources', to: '/settings/sources' },
    { label: 'Fantasy', to: '/settings/fantasy' },
    { label: 'Settings', to: '/settings/account' },
  ];
  return (
    <div className="ss-mpanel ss-mpanel--user" role="dialog" aria-label="Profile menu">
      <ul className="ss-mpanel__list">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="ss-mpanel__action"
            onClick={() => {
              onDone();
              client.session
                .signOut()
                .catch(() => client.toasts.show('Could not sign out. Please try again.', 'error'));
            }}
          >
            Sign out
          </button>
        </li>
      </ul>
    </div>
  );
}

/**
 * The settings frame (/settings/*, spec 3 §2): the settings menu beside the page. The API entry shows
 * only for members with the API flag. Under 768 px the menu collapses (spec: max width 767 px) into a
 * disclosure button naming the current section (WAI-ARIA disclosure: aria-expanded, aria-controls);
 * it closes when a section is chosen, on Escape, and on any change of page.
 * @module
 */
import { useSession } from '@sportspyder/react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import './settings/settings.css';

/** The settings menu entries, in the spec's order. */
const SETTINGS_MENU: { label: string; to: string; apiOnly?: boolean }[] = [
  { label: 'Account', to: '/settings/account' },
  { label: 'Password', to: '/settings/password' },
  { label: 'Notifications', to: '/settings/notifications' },
  { label: 'Emails', to: '/settings/emails' },
  { label: 'Alerts', to: '/settings/alerts' },
  { label: 'Spoiler shield', to: '/settings/spoilers' },
  { label: 'Following', to: '/settings/following' },
  { label: 'Configure', to: '/settings/configure' },
  { label: 'My Podcasts', to: '/settings/podcasts' },
  { label: 'My Sources', to: '/settings/sources' },
  { label: 'Fantasy', to: '/settings/fantasy' },
  { label: 'PRO', to: '/settings/pro' },
  { label: 'Billing', to: '/settings/billing' },
  { label: 'API', to: '/settings/api', apiOnly: true },
];

/** The menu entry of a path (a section's sub-pages count as the section). */
function currentSection(pathname: string) {
  return SETTINGS_MENU.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
}

/** The settings frame. */
export function SettingsLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const section = currentSection(pathname);

  // A change of page closes the menu (a chosen entry, the browser's back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => setOpen(false), [pathname]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggle.current?.focus();
    }
  };

  return (
    <div className="ss-settings">
      <nav
        className={`ss-settings__menu${open ? ' ss-settings__menu--open' : ''}`}
        aria-label="Settings"
        onKeyDown={onKeyDown}
      >
        <button
          ref={toggle}
          type="button"
          className="ss-settings__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="ss-settings__toggle-label">Settings:</span> {section?.label ?? 'Menu'}
          <span className="ss-settings__chevron" aria-hidden="true" />
        </button>
        <ul id={listId}>
          {SETTINGS_MENU.filter((item) => !item.apiOnly || user?.api).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} onClick={() => setOpen(false)}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="ss-settings__page">
        <Outlet />
      </div>
    </div>
  );
}

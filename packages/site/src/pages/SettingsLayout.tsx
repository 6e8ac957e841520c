/**
 * The settings frame (/settings/*, spec 3 §2): the settings menu beside the page. The API entry shows
 * only for members with the API flag.
 * @module
 */
import { useSession } from '@sportspyder/react';
import { NavLink, Outlet } from 'react-router';

/** The settings menu entries, in the spec's order. */
const SETTINGS_MENU: { label: string; to: string; apiOnly?: boolean }[] = [
  { label: 'Account', to: '/settings/account' },
  { label: 'Password', to: '/settings/password' },
  { label: 'Notifications', to: '/settings/notifications' },
  { label: 'Emails', to: '/settings/emails' },
  { label: 'Following', to: '/settings/following' },
  { label: 'Configure', to: '/settings/configure' },
  { label: 'My Podcasts', to: '/settings/podcasts' },
  { label: 'My Sources', to: '/settings/sources' },
  { label: 'Fantasy', to: '/settings/fantasy' },
  { label: 'PRO', to: '/settings/pro' },
  { label: 'Billing', to: '/settings/billing' },
  { label: 'API', to: '/settings/api', apiOnly: true },
];

/** The settings frame. */
export function SettingsLayout() {
  const { user } = useSession();
  return (
    <div className="ss-settings">
      <nav className="ss-settings__menu" aria-label="Settings">
        <ul>
          {SETTINGS_MENU.filter((item) => !item.apiOnly || user?.api).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
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

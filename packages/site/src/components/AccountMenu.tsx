/**
 * The header's account area (spec 1 §2.3): "Sign in" for visitors, opening the visitor's menu (Sign In,
 * Register, My Podcasts; spec 3 §2); for members the username opening
 * a menu with Profile, GO Pro (not for PRO members), Settings, My Podcasts, My Sources, Admin (admins
 * only, external) and Sign out.
 * @module
 */
import { SIGN_IN_LABEL } from '@sportspyder/core';
import { useClient, useSession } from '@sportspyder/react';
import { Link, useLocation } from 'react-router';
import { rememberLoginOrigin } from '../guards/loginOrigin.js';
import { ADMIN_URL } from './adminUrl.js';
import { Dropdown } from './Dropdown.js';
import { ChevronIcon } from './Icons.js';

/**
 * The entries of the visitor's menu (spec 3 §2 "/my/podcasts": Sign In, Register, My Podcasts), on
 * desktop and mobile alike. Sign In remembers the page, so signing in comes back to it.
 */
export const VISITOR_MENU: readonly { label: string; to: string; signIn?: boolean }[] = [
  { label: 'Sign In', to: '/login', signIn: true },
  { label: 'Register', to: '/join' },
  { label: 'My Podcasts', to: '/my/podcasts' },
];

/** The visitor's account menu: a "Sign in" button opening Sign In, Register and My Podcasts. */
function VisitorMenu({ from }: { from: string }) {
  return (
    <Dropdown
      className="ss-account"
      buttonClassName="ss-account__signin"
      align="end"
      label={SIGN_IN_LABEL}
      ariaLabel="Sign in menu"
    >
      <ul className="ss-menu-list" role="none">
        {VISITOR_MENU.map((item) => (
          <li key={item.to} role="none">
            <Link
              role="menuitem"
              to={item.to}
              state={item.signIn ? { from } : undefined}
              onClick={item.signIn ? () => rememberLoginOrigin(from) : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </Dropdown>
  );
}

/** The account area of the desktop header. */
export function AccountMenu() {
  const client = useClient();
  const { loading, loggedIn, user } = useSession();
  const location = useLocation();
  if (loading) return <span className="ss-account ss-account--loading" aria-hidden="true" />;
  if (!loggedIn || !user) return <VisitorMenu from={`${location.pathname}${location.search}`} />;
  return (
    <Dropdown
      className="ss-account"
      buttonClassName="ss-account__toggle"
      align="end"
      label={
        <>
          <span className="ss-account__name">{user.username}</span>
          <ChevronIcon />
        </>
      }
      ariaLabel={`Account menu for ${user.username}`}
    >
      <ul className="ss-menu-list" role="none">
        <li role="none">
          <Link role="menuitem" to="/profile">
            Profile
          </Link>
        </li>
        {!user.pro && (
          <li role="none">
            <Link role="menuitem" to="/settings/pro" className="ss-menu-list__pro">
              GO Pro
            </Link>
          </li>
        )}
        <li role="none">
          <Link role="menuitem" to="/settings/account">
            Settings
          </Link>
        </li>
        <li role="none">
          <Link role="menuitem" to="/settings/podcasts">
            My Podcasts
          </Link>
        </li>
        <li role="none">
          <Link role="menuitem" to="/settings/sources">
            My Sources
          </Link>
        </li>
        {user.admin && (
          <li role="none">
            <a role="menuitem" href={ADMIN_URL} target="_blank" rel="noopener noreferrer">
              Admin
            </a>
          </li>
        )}
        <li role="none">
          <button
            type="button"
            role="menuitem"
            className="ss-menu-list__button"
            onClick={() => {
              // The store shows the success toast; sign-out is not optimistic, so a failure only needs telling.
              client.session
                .signOut()
                .catch(() => client.toasts.show('Could not sign out. Please try again.', 'error'));
            }}
          >
            Sign out
          </button>
        </li>
      </ul>
    </Dropdown>
  );
}

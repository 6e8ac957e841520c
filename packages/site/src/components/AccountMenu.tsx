/**
 * The header's account area (spec 1 §2.3): "Sign in" for visitors; for members the username opening
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

/** The account area of the desktop header. */
export function AccountMenu() {
  const client = useClient();
  const { loading, loggedIn, user } = useSession();
  const location = useLocation();
  if (loading) return <span className="ss-account ss-account--loading" aria-hidden="true" />;
  if (!loggedIn || !user) {
    const from = `${location.pathname}${location.search}`;
    return (
      <Link
        to="/login"
        state={{ from }}
        className="ss-account__signin"
        onClick={() => rememberLoginOrigin(from)}
      >
        {SIGN_IN_LABEL}
      </Link>
    );
  }
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
      <ul className="ss-menu-list">
        <li>
          <Link role="menuitem" to="/profile">
            Profile
          </Link>
        </li>
        {!user.pro && (
          <li>
            <Link role="menuitem" to="/settings/pro" className="ss-menu-list__pro">
              GO Pro
            </Link>
          </li>
        )}
        <li>
          <Link role="menuitem" to="/settings/account">
            Settings
          </Link>
        </li>
        <li>
          <Link role="menuitem" to="/settings/podcasts">
            My Podcasts
          </Link>
        </li>
        <li>
          <Link role="menuitem" to="/settings/sources">
            My Sources
          </Link>
        </li>
        {user.admin && (
          <li>
            <a role="menuitem" href={ADMIN_URL} target="_blank" rel="noopener noreferrer">
              Admin
            </a>
          </li>
        )}
        <li>
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

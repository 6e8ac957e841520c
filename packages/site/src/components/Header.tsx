/**
 * The desktop header (spec 1 §2.3): logo, search box, notification bell and account area.
 * @module
 */
import { AccountMenu } from './AccountMenu.js';
import { Logo } from './Logo.js';
import { NotificationBell } from './NotificationBell.js';
import { SearchBox } from './SearchBox.js';

/** The header bar above the sport navigation. */
export function Header() {
  return (
    <header className="ss-header">
      <div className="ss-header__inner">
        <Logo />
        <SearchBox className="ss-header__search" />
        <div className="ss-header__actions">
          <NotificationBell />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}

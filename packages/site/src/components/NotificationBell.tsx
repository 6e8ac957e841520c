/**
 * The notification bell (spec 1 §2.3, §4.2, §6). Members get a link to /notifications with the unread
 * badge; visitors get a small panel inviting them to register, listing what an account adds.
 * @module
 */
import { NotificationBadge, useSession } from '@sportspyder/react';
import { Link } from 'react-router';
import { Dropdown } from './Dropdown.js';
import { BellIcon } from './Icons.js';

/** What an account adds, as the visitor's notifications panel lists it (spec 1 §6). */
export const MEMBER_BENEFITS: readonly string[] = [
  'Comment on articles and episodes',
  'Chat with other fans',
  'Get podcast notifications',
  'Sync your podcasts across devices',
  'Customise your news feeds',
];

/** The bell of the header. */
export function NotificationBell() {
  const { loading, loggedIn, user } = useSession();
  if (loggedIn && user) {
    const count = user.notificationsCount;
    return (
      <Link
        to="/notifications"
        className="ss-header__icon ss-bell"
        aria-label={count > 0 ? `Notifications (${count} unread)` : 'Notifications'}
      >
        <BellIcon />
        <NotificationBadge count={count} loading={loading} />
      </Link>
    );
  }
  return (
    <Dropdown
      kind="dialog"
      align="end"
      className="ss-bell"
      buttonClassName="ss-header__icon"
      ariaLabel="Notifications"
      label={<BellIcon />}
    >
      <div className="ss-invite">
        <p className="ss-invite__title">Get notified with a free account</p>
        <ul className="ss-invite__list">
          {MEMBER_BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <p className="ss-invite__actions">
          <Link to="/join" className="ss-button">
            Join SportSpyder
          </Link>
          <Link to="/login" className="ss-button ss-button--secondary">
            Sign in
          </Link>
        </p>
      </div>
    </Dropdown>
  );
}

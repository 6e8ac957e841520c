/**
 * The unread-notifications badge on the bell (spec 1 §4.2).
 * @module
 */
import { formatBadgeCount } from '@sportspyder/core';

/** Props of {@link NotificationBadge}. */
export interface NotificationBadgeProps {
  /** Unread notifications; `undefined` while unknown. */
  count: number | null | undefined;
  /** True while the session loads: the badge then shows nothing. */
  loading?: boolean;
  /** CSS class added to the badge. */
  className?: string;
}

/**
 * Shows the unread count, "20+" above 20, and nothing at 0 or while loading.
 *
 * @example
 * ```tsx
 * <NotificationBadge count={user?.notificationsCount} loading={session.loading} />
 * ```
 */
export function NotificationBadge({ count, loading = false, className }: NotificationBadgeProps) {
  const text = loading ? '' : formatBadgeCount(count ?? 0);
  if (!text) return null;
  return (
    <span className={className ? `ss-badge ${className}` : 'ss-badge'} data-testid="notification-badge">
      {text}
    </span>
  );
}

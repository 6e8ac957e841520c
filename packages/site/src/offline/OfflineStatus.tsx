/**
 * The line that says a page shows a stored copy (issue 49): "Offline, updated {time}" while the browser
 * is offline, or, when the network was too slow and the service worker answered from its copy, that the
 * copy is shown. Nothing when every answer came from the network.
 * @module
 */
import { useConnectivity } from '@sportspyder/react';
import './offline.css';

// Made on first use: this module is in most pages' first load, the line seldom shows, and creating a
// date format on a phone's CPU cost 56 ms at module evaluation (ICU's patterns; issue 46, Lighthouse's
// mobile profile of a team page).
let formats: { time: Intl.DateTimeFormat; dayTime: Intl.DateTimeFormat } | undefined;
const copyFormats = () =>
  (formats ??= {
    time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }),
    dayTime: new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
  });

/** "3:42 PM" today, "Dec 2, 3:42 PM" before. */
export function copyTime(time: number, now: number = Date.now()): string {
  const { time: timeOnly, dayTime } = copyFormats();
  return new Date(time).toDateString() === new Date(now).toDateString()
    ? timeOnly.format(time)
    : dayTime.format(time);
}

/** The offline line of the page, if it shows a copy. */
export function OfflineStatus() {
  const { online, cachedAt } = useConnectivity();
  if (cachedAt === null) return null;
  return (
    <p className="ss-offline-line" role="status">
      {online ? 'Slow connection: showing the copy from ' : 'Offline, updated '}
      <time dateTime={new Date(cachedAt).toISOString()}>{copyTime(cachedAt)}</time>
    </p>
  );
}

/** What a page shows instead of its content when it could not load without a connection. */
export function NeedsConnection() {
  return (
    <div className="ss-needs-connection" role="alert">
      <p className="ss-needs-connection__title">This page needs a connection</p>
      <p>
        You are offline and this page has not been opened on this device before, so there is no copy to show.
        Connect to the internet and try again.
      </p>
    </div>
  );
}

/**
 * A date as the billing screens show it: "November 24, 2026" (the member's locale, UTC day).
 * @module
 */

import { dateTimeFormat } from '@sportspyder/core';

/** Formats an ISO date-time as a long day. */
export function formatDay(iso: string): string {
  return dateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

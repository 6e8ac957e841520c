/**
 * Quiet hours: a member's daily window, in their own time zone, when no alert may make their phone buzz.
 * Pure functions over the clock, so the queue and the settings share one reading of the window. A window
 * whose start is after its end spans midnight (22:00–07:00); equal start and end is no window at all.
 * @module
 */

/** Quiet hours as stored: minutes of the day and an IANA time zone. */
export interface QuietWindow {
  startMinute: number;
  endMinute: number;
  timeZone: string;
}

/**
 * `HH:MM` to minutes of the day, or null when it is not a 24-hour time.
 * @example
 * clockMinutes('22:30'); // 1350
 */
export function clockMinutes(value: string): number | null {
  const match = /^([01][0-9]|2[0-3]):([0-5][0-9])$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * Minutes of the day to `HH:MM`.
 * @example
 * clockText(1350); // '22:30'
 */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Whether `Intl` knows the time zone (IANA names such as `Europe/Paris`, and `UTC`).
 * @example
 * isTimeZone('Mars/Olympus'); // false
 */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock minute of the day at `now` in `timeZone`. */
export function localMinute(now: Date, timeZone: string): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return (hour % 24) * 60 + minute;
}

/**
 * When the quiet hours that hold at `now` end, or null when `now` is outside them. The end is counted in
 * wall-clock minutes from now, so on a night the clocks change it is off by that hour at most.
 * @example
 * quietUntil(new Date('2026-01-01T23:00:00Z'), { startMinute: 1320, endMinute: 420, timeZone: 'UTC' });
 * // 2026-01-02T07:00:00.000Z
 */
export function quietUntil(now: Date, window: QuietWindow | null | undefined): Date | null {
  if (!window || window.startMinute === window.endMinute) return null;
  const minute = localMinute(now, window.timeZone);
  const { startMinute: start, endMinute: end } = window;
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  const minutesLeft = (end - minute + 1440) % 1440;
  const startOfMinute = now.getTime() - (now.getTime() % 60_000);
  return new Date(startOfMinute + minutesLeft * 60_000);
}

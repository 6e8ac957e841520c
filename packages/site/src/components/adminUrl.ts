/**
 * Where the Admin entry of the account menu points: an external admin site (spec 1 §2.3, §6),
 * configured at build time with VITE_ADMIN_URL.
 * @module
 */

/** URL of the admin site, opened in a new tab. */
export const ADMIN_URL: string = import.meta.env.VITE_ADMIN_URL || '/admin';

/**
 * Where a session was last seen, from its address (issue 47): only when a local GeoIP database is at
 * hand, because asking an online service would send every member's address to a third party. None ships
 * with SportSpyder, so the default answers null and the list says "Unknown place".
 *
 * A MaxMind-style database plugs in as a {@link PlaceLookup} given to `buildApp` (`placeLookup`): for
 * example with the `maxmind` package and a GeoLite2-City file,
 * `const reader = await maxmind.open<CityResponse>(file);` then
 * `(ip) => { const r = reader.get(ip); return r ? [r.city?.names.en, r.country?.names.en].filter(Boolean).join(', ') || null : null; }`.
 * The lookup is synchronous and local, so the list stays one statement and a few microseconds per row.
 * @module
 */

/** A place in words ("Lisbon, Portugal") for an address, or null when unknown. */
export type PlaceLookup = (ip: string) => string | null;

/** The default: no GeoIP database, no place. */
export const noPlaceLookup: PlaceLookup = () => null;

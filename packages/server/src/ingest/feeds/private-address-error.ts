/**
 * The refusal of the server-side request forgery guard (see `public-address.ts`): a fetch whose
 * host resolves to a private, loopback or otherwise non-public address. Its own module so the
 * fetchers can recognise it (and report the code `private-address`) without loading the guard's
 * HTTP client.
 * @module
 */

/**
 * Thrown inside the connection when the address about to be used is not public.
 * @example
 * throw new PrivateAddressError('intranet.example', '10.0.0.7', 'a private address');
 */
export class PrivateAddressError extends Error {
  /** Stable code, reported by the fetchers as their error code. */
  readonly code = 'private-address';

  /**
   * @param host The host name (or literal address) of the URL.
   * @param address The address it resolved to.
   * @param what What kind of address that is, with its article ("a loopback address").
   */
  constructor(
    readonly host: string,
    readonly address: string,
    what: string,
  ) {
    super(
      host === address
        ? `${host} is ${what}; set FEEDS_ALLOW_PRIVATE=1 to allow it`
        : `${host} resolves to ${address}, ${what}; set FEEDS_ALLOW_PRIVATE=1 to allow it`,
    );
    this.name = 'PrivateAddressError';
  }
}

/**
 * The card entry of the billing form with the local provider: a plain form whose card number is
 * turned into one of Stripe's test tokens, so no third-party script is loaded. A developer types a
 * Stripe test card number (4242 4242 4242 4242, 4000 0000 0000 0002 declines, ...) or a test token
 * itself (`tok_visa`, `tok_chargeDeclined`, ...) into the number field; the server's local provider
 * (and Stripe's test mode) answer them as Stripe does. Real card numbers are never tokenized here.
 * @module
 */

/** Stripe's test card numbers and the test token each stands for. */
export const TEST_CARD_TOKENS: Readonly<Record<string, string>> = {
  '4242424242424242': 'tok_visa',
  '4000056655665556': 'tok_visa_debit',
  '5555555555554444': 'tok_mastercard',
  '5200828282828210': 'tok_mastercard_debit',
  '5105105105105100': 'tok_mastercard_prepaid',
  '378282246310005': 'tok_amex',
  '6011111111111117': 'tok_discover',
  '3056930009020004': 'tok_diners',
  '3566002020360505': 'tok_jcb',
  '6200000000000005': 'tok_unionpay',
  '4000000000000002': 'tok_chargeDeclined',
  '4000000000000069': 'tok_chargeDeclinedExpiredCard',
  '4000000000000127': 'tok_chargeDeclinedIncorrectCvc',
  '4000000000009995': 'tok_chargeDeclinedInsufficientFunds',
  '4000000000000119': 'tok_chargeDeclinedProcessingError',
};

/** What the card entry holds. */
export interface CardEntry {
  /** Card number (spaces allowed) or a test token such as `tok_visa`. */
  number: string;
  /** Expiry as MM/YY. */
  expiry: string;
  /** Security code. */
  cvc: string;
}

/** An empty card entry. */
export const EMPTY_CARD_ENTRY: CardEntry = Object.freeze({ number: '', expiry: '', cvc: '' });

const TOKEN = /^tok_[A-Za-z0-9_]+$/;

/** The card entry's test token, or null when it names none. */
export function testTokenOf(entry: Pick<CardEntry, 'number'>): string | null {
  const raw = entry.number.trim();
  if (TOKEN.test(raw)) return raw;
  return TEST_CARD_TOKENS[raw.replace(/[\s-]/g, '')] ?? null;
}

/**
 * Whether the entry is complete: a test token alone is; a number needs an MM/YY expiry and a 3 or 4
 * digit code as well.
 */
export function isCardEntryComplete(entry: CardEntry): boolean {
  const raw = entry.number.trim();
  if (TOKEN.test(raw)) return true;
  const digits = raw.replace(/[\s-]/g, '');
  return (
    /^\d{13,19}$/.test(digits) &&
    /^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(entry.expiry.trim()) &&
    /^\d{3,4}$/.test(entry.cvc.trim())
  );
}

/** The message of a complete entry that is not a test card (the local provider knows only those). */
export const NOT_A_TEST_CARD_TEXT =
  'Use a Stripe test card such as 4242 4242 4242 4242 (or a test token such as tok_visa): this server takes no real cards.';

/**
 * The token to send for a complete entry: the test token, or an error text for another number. A
 * typed card number carries its expiry (`tok_visa:12/34`), which the local provider checks as
 * Stripe's test mode does (an expired card is refused there, with Stripe's message); a token typed
 * as such stands for a card with a future expiry, as Stripe's test tokens do.
 *
 * @example
 * ```ts
 * localCardToken({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }); // { token: 'tok_visa:12/34' }
 * ```
 */
export function localCardToken(entry: CardEntry): { token: string } | { error: string } {
  const token = testTokenOf(entry);
  if (!token) return { error: NOT_A_TEST_CARD_TEXT };
  if (TOKEN.test(entry.number.trim())) return { token };
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(entry.expiry.trim());
  return { token: expiry ? `${token}:${expiry[1]}/${expiry[2]}` : token };
}

/**
 * Password hashing with argon2id (@node-rs/argon2), the algorithm the security baseline names.
 * @module
 */
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): strong enough and fast on a small server.
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// A real hash to verify against when the account does not exist, so a wrong e-mail costs the same time
// as a wrong password and does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;

/** Hashes a password with argon2id; the result embeds its salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Checks a password against a stored hash (or against a dummy hash when `stored` is null, for equal timing). */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

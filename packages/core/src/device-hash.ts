/**
 * The device hash (spec 1 §3): a random 128-bit id, written once to the storage adapter and reused,
 * that tells the server which device plays, signs in and views pages.
 * @module
 */
import { DEVICE_HASH_STORAGE_KEY } from './constants.js';
import type { StorageAdapter } from './storage.js';

const HASH_PATTERN = /^[0-9a-f]{32}$/;

/** A new random 128-bit id as 32 lowercase hex digits. */
export function createDeviceHash(): string {
  const bytes = new Uint8Array(16);
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  if (crypto?.getRandomValues) {
    crypto.getRandomValues(bytes);
  } else {
    // Only very old runtimes lack Web Crypto; the hash identifies a device, it guards nothing.
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The device hash kept in `storage`, created and stored on first use.
 *
 * @example
 * ```ts
 * getDeviceHash(localStorage) === getDeviceHash(localStorage); // true
 * ```
 */
export function getDeviceHash(storage: StorageAdapter): string {
  let stored: string | null = null;
  try {
    stored = storage.getItem(DEVICE_HASH_STORAGE_KEY);
  } catch {
    stored = null;
  }
  if (stored && HASH_PATTERN.test(stored)) return stored;
  const hash = createDeviceHash();
  try {
    storage.setItem(DEVICE_HASH_STORAGE_KEY, hash);
  } catch {
    // storage blocked: the hash lives as long as the page
  }
  return hash;
}

/** True when `storage` already holds a device hash (this device has visited before). */
export function hasDeviceHash(storage: StorageAdapter): boolean {
  try {
    const stored = storage.getItem(DEVICE_HASH_STORAGE_KEY);
    return stored !== null && HASH_PATTERN.test(stored);
  } catch {
    return false;
  }
}

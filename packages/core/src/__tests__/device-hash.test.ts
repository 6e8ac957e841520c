// The device hash is random, 128 bits, created once per storage and reused.
import { describe, expect, it } from 'vitest';
import { DEVICE_HASH_STORAGE_KEY } from '../constants.js';
import { getDeviceHash } from '../device-hash.js';
import { memoryStorage } from '../storage.js';
import { makeClient } from './fixtures.js';

describe('device hash', () => {
  it('is 32 hex digits, stored, and the same for every client sharing the storage', () => {
    const storage = memoryStorage();
    const a = makeClient({ storage }).client.deviceHash;
    const b = makeClient({ storage }).client.deviceHash;
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toBe(a);
    expect(storage.getItem(DEVICE_HASH_STORAGE_KEY)).toBe(a);
  });

  it('differs between devices', () => {
    expect(getDeviceHash(memoryStorage())).not.toBe(getDeviceHash(memoryStorage()));
  });

  it('replaces a corrupt stored value', () => {
    const storage = memoryStorage({ [DEVICE_HASH_STORAGE_KEY]: 'nope' });
    expect(getDeviceHash(storage)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('still works when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    expect(getDeviceHash(broken)).toMatch(/^[0-9a-f]{32}$/);
  });
});

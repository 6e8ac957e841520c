/**
 * A boolean remembered on this device (the client's storage adapter, i.e. `localStorage` in the
 * browser), e.g. whether the Configure how-to tip is open (spec 2 §4).
 * @module
 */
import { readJson, writeJson } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { useCallback, useState } from 'react';

/** The flag under `key` (`fallback` when never stored) and its setter, which also stores it. */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (value: boolean) => void] {
  const { storage } = useClient();
  const [value, setValue] = useState<boolean>(() => {
    const stored = readJson<unknown>(storage, key);
    return typeof stored === 'boolean' ? stored : fallback;
  });
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      writeJson(storage, key, next);
    },
    [storage, key],
  );
  return [value, set];
}

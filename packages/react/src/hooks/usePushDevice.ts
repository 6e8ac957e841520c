/**
 * This device's alerts as React state (issue 49, Web Push): whether the browser can show them, the
 * permission and the subscription, with the actions of the "Turn on alerts on this device" switch.
 * @module
 */
import {
  createPushDevice,
  type PushBrowser,
  type PushDevice,
  type PushDeviceSnapshot,
} from '@sportspyder/core';
import { useEffect, useMemo } from 'react';
import { useClient } from './useClient.js';
import { useStore } from './useStore.js';

/** The device's state and its actions. */
export interface UsePushDevice extends PushDeviceSnapshot {
  /** Asks permission (call from a click), subscribes and stores the subscription. */
  enable: PushDevice['enable'];
  /** Unsubscribes and forgets the subscription on the server. */
  disable: PushDevice['disable'];
}

/**
 * The device's alerts; reads the permission and subscription when mounted. `browser` replaces the
 * page's Web Push facilities (tests).
 *
 * @example
 * ```tsx
 * const device = usePushDevice();
 * return <button onClick={device.enable} disabled={device.busy}>Turn on alerts</button>;
 * ```
 */
export function usePushDevice(browser?: PushBrowser): UsePushDevice {
  const client = useClient();
  const device = useMemo(() => createPushDevice(client, browser), [client, browser]);
  const snapshot = useStore(device);
  useEffect(() => {
    void device.refresh();
  }, [device]);
  return { ...snapshot, enable: device.enable, disable: device.disable };
}

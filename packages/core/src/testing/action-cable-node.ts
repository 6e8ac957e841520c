/**
 * Shims that let the real `@rails/actioncable` consumer run under Node (tests against the real
 * server): a WebSocket adapter (the `ws` package), stub global `addEventListener` /
 * `removeEventListener` (its connection monitor listens for `visibilitychange`) and a `document`
 * with `visibilityState`. The consumer must also be given an absolute `ws://` URL, which
 * `createClient` always does.
 * @module
 */
import { adapters } from '@rails/actioncable';
import type { WebSocketConstructor } from '../realtime.js';

interface ShimGlobals {
  addEventListener?: unknown;
  removeEventListener?: unknown;
  document?: unknown;
}

/**
 * Installs the shims (only those missing) and returns a function that removes what it installed.
 * `WebSocketImpl` defaults to the `ws` package (resolved from this package).
 *
 * @example
 * ```ts
 * import WebSocket from 'ws';
 * const uninstall = installActionCableNodeShims(WebSocket);
 * // ... createClient({ baseUrl: 'http://127.0.0.1:8080' }).realtime.subscribe(...)
 * uninstall();
 * ```
 */
export function installActionCableNodeShims(WebSocketImpl?: WebSocketConstructor): () => void {
  const g = globalThis as ShimGlobals;
  const previousAdapter = adapters.WebSocket;
  const installed: (keyof ShimGlobals)[] = [];

  adapters.WebSocket = (WebSocketImpl ?? loadWs()) as unknown as typeof WebSocket;
  if (typeof g.addEventListener !== 'function') {
    g.addEventListener = () => undefined;
    installed.push('addEventListener');
  }
  if (typeof g.removeEventListener !== 'function') {
    g.removeEventListener = () => undefined;
    installed.push('removeEventListener');
  }
  if (g.document === undefined) {
    g.document = { visibilityState: 'visible' };
    installed.push('document');
  }
  return () => {
    adapters.WebSocket = previousAdapter;
    for (const name of installed) delete g[name];
  };
}

function loadWs(): WebSocketConstructor {
  // Loaded lazily through Node's own require so browser bundles of this module never see `ws`.
  const nodeModule = process.getBuiltinModule('node:module');
  const require = nodeModule.createRequire(import.meta.url);
  const ws = require('ws') as WebSocketConstructor & { WebSocket?: WebSocketConstructor };
  return ws.WebSocket ?? ws;
}

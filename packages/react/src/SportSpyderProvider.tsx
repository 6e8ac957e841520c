/**
 * The provider that hands one core client to every hook and connected component below it.
 * @module
 */

import type { SportSpyderClient } from '@sportspyder/core';
import { createContext, type ReactNode } from 'react';

/** React context carrying the core client; `null` outside a {@link SportSpyderProvider}. */
export const SportSpyderContext = createContext<SportSpyderClient | null>(null);

/** Props of {@link SportSpyderProvider}. */
export interface SportSpyderProviderProps {
  /** The client made by `createClient` from `@sportspyder/core`. */
  client: SportSpyderClient;
  /** The tree that may use the hooks. */
  children?: ReactNode;
}

/**
 * Shares a core client with the hooks (`useSession`, `useReference`, `useToasts`, `useResource`, ...).
 *
 * @example
 * ```tsx
 * const client = createClient();
 * client.start();
 * root.render(
 *   <SportSpyderProvider client={client}>
 *     <App />
 *   </SportSpyderProvider>,
 * );
 * ```
 */
export function SportSpyderProvider({ client, children }: SportSpyderProviderProps) {
  return <SportSpyderContext.Provider value={client}>{children}</SportSpyderContext.Provider>;
}

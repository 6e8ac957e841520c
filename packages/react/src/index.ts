/**
 * `@sportspyder/react`: React bindings for the SportSpyder core client: a provider, hooks on
 * `useSyncExternalStore`, and presentational components that take their data in props (they also
 * compile under `preact/compat` for the embeds).
 *
 * @example
 * ```tsx
 * import { createClient } from '@sportspyder/core';
 * import { SportSpyderProvider, useSession } from '@sportspyder/react';
 *
 * const client = createClient();
 * client.start();
 * function Account() {
 *   const { loggedIn, user } = useSession();
 *   return <span>{loggedIn ? user?.username : 'Sign in'}</span>;
 * }
 * root.render(<SportSpyderProvider client={client}><Account /></SportSpyderProvider>);
 * ```
 * @module @sportspyder/react
 */
export * from './chat/index.js';
export * from './components/ErrorPage.js';
export * from './components/Footer.js';
export * from './components/Link.js';
export * from './components/NotificationBadge.js';
export * from './components/SportNav.js';
export * from './components/ToastList.js';
export * from './content/index.js';
export * from './hooks/useAccountSettings.js';
export * from './hooks/useAdVisibility.js';
export * from './hooks/useAlertSettings.js';
export * from './hooks/useClient.js';
export * from './hooks/useConnectivity.js';
export * from './hooks/useFantasyTeams.js';
export * from './hooks/useInfinitePages.js';
export * from './hooks/useMediaQuery.js';
export * from './hooks/usePushDevice.js';
export * from './hooks/useReference.js';
export * from './hooks/useResource.js';
export * from './hooks/useScroll.js';
export * from './hooks/useSession.js';
export * from './hooks/useSpoilerShields.js';
export * from './hooks/useStore.js';
export * from './hooks/useToasts.js';
export * from './player/index.js';
export * from './SportSpyderProvider.js';
export * from './search/index.js';
export * from './search-pages/index.js';
export * from './spoilers/index.js';

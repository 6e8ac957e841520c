/**
 * The frame of every page: header (desktop or mobile), sport navigation, user bar, the page, footer,
 * the persistent podcast player bar and toasts. It also plugs router navigation into the core client, so a 404 or 429 from any data call
 * lands on the matching error page (spec 1 §2.2).
 * @module
 */
import {
  Footer,
  LinkProvider,
  SportNav,
  ToastList,
  useClient,
  useIsMobile,
  useSession,
  useToasts,
} from '@sportspyder/react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Outlet, useNavigate, useParams } from 'react-router';
import { useAfterBoot } from '../hooks/useAfterBoot.js';
import { useDeferredReference } from '../hooks/useDeferredReference.js';
import { TrialBannerSlot } from '../pages/billing/TrialBannerSlot.js';
import { Header } from './Header.js';
import { RouterLink } from './RouterLink.js';
import { TopBar } from './TopBar.js';

// The player bar (and the player engine) load in their own chunk right after the first render, so
// the home page's initial JavaScript stays small; the bar appears once its episode is known.
const PlayerBar = lazy(() => import('../player/PlayerBar.js').then((m) => ({ default: m.PlayerBar })));
// Phones load their header, and members their user bar, in chunks of their own: a desktop visitor's
// first load carries neither (the home page's initial JavaScript has a budget, docs/benchmarks.md).
const MobileHeader = lazy(() => import('./MobileHeader.js').then((m) => ({ default: m.MobileHeader })));
const UserBar = lazy(() => import('./UserBar.js').then((m) => ({ default: m.UserBar })));

/** The user bar, for members only (visitors never load its chunk). */
function MemberBar() {
  const { loggedIn } = useSession();
  if (!loggedIn) return null;
  // The placeholder is the bar's own box (a fixed height), so the page does not move when it arrives.
  return (
    <Suspense fallback={<div className="ss-userbar" aria-hidden="true" />}>
      <UserBar />
    </Suspense>
  );
}
// The sticky ad waits for the session anyway (no ad before the PRO state is known): its own chunk too.
const StickyAd = lazy(() => import('../ads/StickyAd.js').then((m) => ({ default: m.StickyAd })));

/**
 * What no first screen shows (the sticky ad, the player bar before an episode is loaded) mounts once the
 * page has loaded and been idle: their chunks and renders stay out of the first screen's (issue 46).
 */
function AfterBoot({ children }: { children: ReactNode }) {
  return useAfterBoot() ? children : null;
}

/** Wires the client's not-found and rate-limited handlers to router navigation. */
function useRouterHandlers(): void {
  const client = useClient();
  const navigate = useNavigate();
  useEffect(() => {
    client.setHandlers({
      onNotFound: () => navigate('/page-not-found', { replace: true }),
      onRateLimited: () => navigate('/too-many-tries', { replace: true }),
    });
  }, [client, navigate]);
}

/** The page frame without the routed content (also used by the top-level error page). */
export function SiteFrame({ children }: { children: ReactNode }) {
  const client = useClient();
  const isMobile = useIsMobile();
  const { sports, topics } = useDeferredReference();
  const toasts = useToasts();
  const params = useParams();
  const activeSport = params.sportId && sports.some((s) => s.slug === params.sportId) ? params.sportId : null;
  return (
    <LinkProvider component={RouterLink}>
      <div className={`ss-app${isMobile ? ' is-mobile' : ''}`}>
        <a className="ss-skip-link" href="#main">
          Skip to content
        </a>
        {isMobile ? (
          // The placeholder has the bar's height and colour, so nothing moves when the header arrives.
          <Suspense fallback={<div className="ss-mheader-placeholder" aria-hidden="true" />}>
            <MobileHeader />
          </Suspense>
        ) : (
          <TopBar>
            <Header />
            <SportNav sports={sports} topics={topics} activeSport={activeSport} />
            <MemberBar />
          </TopBar>
        )}
        <main id="main" className="ss-main">
          <TrialBannerSlot />
          {children}
        </main>
        <Footer />
        <AfterBoot>
          <Suspense fallback={null}>
            <StickyAd />
          </Suspense>
          {/* Mounted once here, so the bar and its audio outlive every route change (spec 1 §2.9). */}
          <Suspense fallback={null}>
            <PlayerBar />
          </Suspense>
        </AfterBoot>
        <ToastList toasts={toasts} onDismiss={(id) => client.toasts.dismiss(id)} />
      </div>
    </LinkProvider>
  );
}

/** The root route's element. */
export function RootLayout() {
  useRouterHandlers();
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

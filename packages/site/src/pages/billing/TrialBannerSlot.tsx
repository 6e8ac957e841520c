/**
 * Where the trial banner goes in the site frame: members in a trial load the banner's chunk, nobody
 * else does (the home page's initial JavaScript has a budget, docs/benchmarks.md).
 * @module
 */
import { useSession } from '@sportspyder/react';
import { lazy, Suspense } from 'react';

const TrialBanner = lazy(() => import('./TrialBanner.js').then((m) => ({ default: m.TrialBanner })));

/** The trial banner for members in a trial; nothing otherwise. */
export function TrialBannerSlot() {
  const { user } = useSession();
  if (user?.proState !== 'trial') return null;
  return (
    <Suspense fallback={null}>
      <TrialBanner />
    </Suspense>
  );
}

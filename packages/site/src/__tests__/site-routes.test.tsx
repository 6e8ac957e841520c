// The boot route table (routeTable/SiteRoutes.tsx): home renders from the table the entry starts with;
// any other address waits on the loading frame for the full table's chunk, then shows its page; a chunk
// that cannot load ends on the error page instead of a loading frame forever.
import { render, screen } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary.js';
import { SiteRoutes } from '../routeTable/SiteRoutes.js';

const boot: RouteObject[] = [{ path: '/', element: <h1>Home</h1> }];
const full: RouteObject[] = [...boot, { path: '/nfl/:teamId', element: <h1>Team page</h1> }];

function renderAt(path: string, loadRoutes: () => Promise<RouteObject[]>) {
  let loads = 0;
  const counted = () => {
    loads += 1;
    return loadRoutes();
  };
  render(
    <MemoryRouter initialEntries={[path]}>
      <RouteErrorBoundary fallback={() => <p role="alert">Something went wrong</p>}>
        <SiteRoutes routes={boot} loadRoutes={counted} />
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
  return { loads: () => loads };
}

describe('the boot route table', () => {
  it('renders home without loading the full table', () => {
    const { loads } = renderAt('/', () => Promise.resolve(full));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(loads()).toBe(0);
  });

  it('loads the full table for another address, then shows its page', async () => {
    const { loads } = renderAt('/nfl/green-bay-packers', () => Promise.resolve(full));
    expect(screen.queryByRole('heading', { name: 'Team page' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Team page' })).toBeTruthy();
    expect(loads()).toBe(1);
  });

  it('shows the error page when the full table cannot load', async () => {
    renderAt('/nfl/green-bay-packers', () => Promise.reject(new Error('chunk failed')));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});

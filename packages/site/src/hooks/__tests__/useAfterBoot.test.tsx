// The frame's late parts (issue 46: the player bar and the sticky ad) mount only once the page has loaded
// and the browser has been idle, and at once on every later mount (another route, the same page load).
// The page's load state and requestIdleCallback are doubles the test moves by hand.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_BOOT_TIMEOUT_MS, useAfterBoot } from '../useAfterBoot.js';

function LatePart() {
  return <div>{useAfterBoot() ? 'the player bar' : 'nothing yet'}</div>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'readyState');
});

describe('useAfterBoot', () => {
  it('mounts the part after the load event and an idle moment, then at once', () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    const idle: { callback: () => void; timeout?: number }[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout: number }) => {
      idle.push({ callback, timeout: options?.timeout });
      return idle.length;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);

    render(<LatePart />);
    expect(screen.getByText('nothing yet')).toBeTruthy();
    expect(idle).toHaveLength(0);

    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    // Loaded, but the browser has not been idle yet.
    expect(screen.getByText('nothing yet')).toBeTruthy();
    expect(idle).toHaveLength(1);
    expect(idle[0]?.timeout).toBe(AFTER_BOOT_TIMEOUT_MS);

    act(() => idle[0]?.callback());
    expect(screen.getByText('the player bar')).toBeTruthy();

    // A later mount in the same page load (a new route's frame) renders the part with its first render.
    cleanup();
    render(<LatePart />);
    expect(screen.getByText('the player bar')).toBeTruthy();
    expect(idle).toHaveLength(1);
  });
});

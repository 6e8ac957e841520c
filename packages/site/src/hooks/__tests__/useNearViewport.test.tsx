// The compact chat's trigger (issue 46): a part of the page mounts once its box comes within the margin
// of the viewport, and stays mounted when it leaves again. The browser's IntersectionObserver is a small
// double here that the test fires by hand.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEAR_VIEWPORT_MARGIN, useNearViewport } from '../useNearViewport.js';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
const observers: { callback: Callback; margin?: string; targets: Element[]; disconnected: boolean }[] = [];

class FakeIntersectionObserver {
  private readonly record;
  constructor(callback: Callback, options?: { rootMargin?: string }) {
    this.record = { callback, margin: options?.rootMargin, targets: [] as Element[], disconnected: false };
    observers.push(this.record);
  }
  observe(target: Element) {
    this.record.targets.push(target);
  }
  disconnect() {
    this.record.disconnected = true;
  }
}

function Heavy() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? 'the chat' : 'placeholder'}</div>;
}

afterEach(() => {
  cleanup();
  observers.length = 0;
  vi.unstubAllGlobals();
});

describe('useNearViewport', () => {
  it('mounts the part only once its box comes near the viewport, and keeps it', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    render(<Heavy />);
    expect(screen.getByText('placeholder')).toBeTruthy();
    const [observer] = observers;
    expect(observer?.margin).toBe(NEAR_VIEWPORT_MARGIN);
    act(() => observer?.callback([{ isIntersecting: false }]));
    expect(screen.getByText('placeholder')).toBeTruthy();
    act(() => observer?.callback([{ isIntersecting: true }]));
    expect(screen.getByText('the chat')).toBeTruthy();
    expect(observer?.disconnected).toBe(true);
  });

  it('mounts at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Heavy />);
    expect(screen.getByText('the chat')).toBeTruthy();
  });
});

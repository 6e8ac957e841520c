import { createClient, type SportSpyderClient } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastList } from '../components/ToastList.js';
import { useClient } from '../hooks/useClient.js';
import { useToasts } from '../hooks/useToasts.js';
import { SportSpyderProvider } from '../SportSpyderProvider.js';

function ConnectedToasts() {
  const client = useClient();
  return <ToastList toasts={useToasts()} onDismiss={(id) => client.toasts.dismiss(id)} />;
}

describe('ToastList with the core toast store', () => {
  let client: SportSpyderClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = createClient({
      baseUrl: 'http://localhost',
      storage: memoryStorage(),
      realtime: createFakeCable(),
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('announces toasts politely and removes them after 2.5 s', () => {
    render(
      <SportSpyderProvider client={client}>
        <ConnectedToasts />
      </SportSpyderProvider>,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => {
      client.toasts.show('Signed out successfully', 'success');
    });
    expect(region.textContent).toContain('Signed out successfully');
    act(() => {
      vi.advanceTimersByTime(2499);
    });
    expect(region.textContent).toContain('Signed out successfully');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(region.textContent).not.toContain('Signed out successfully');
  });

  it('removes a toast at once when its close button is pressed', () => {
    render(
      <SportSpyderProvider client={client}>
        <ConnectedToasts />
      </SportSpyderProvider>,
    );
    act(() => {
      client.toasts.show('First');
      client.toasts.show('Second');
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss message' })[0] as HTMLElement);
    expect(screen.getByRole('status').textContent).not.toContain('First');
    expect(screen.getByRole('status').textContent).toContain('Second');
  });
});

// @vitest-environment happy-dom
// Unsent input (issue 17): a reload for a new version waits while the reader has typed into a form
// and not sent it; sending (submit), emptying the field or leaving the page (the field is removed)
// lets it go. Search boxes never hold it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSENT_INPUT_RECHECK_MS } from '../constants.js';
import { createReloadGate, createUnsentInputTracker } from '../reload-gate.js';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

function type(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function page() {
  document.body.innerHTML = `
    <form id="chat"><textarea name="message"></textarea><button>Send</button></form>
    <form id="contact"><input name="email" type="email"><input name="agree" type="checkbox"></form>
    <form role="search"><input type="search" name="q"><input role="combobox" name="live"></form>`;
  const tracker = createUnsentInputTracker(document);
  const field = (selector: string) => document.querySelector(selector) as HTMLInputElement;
  return { tracker, field };
}

describe('createUnsentInputTracker', () => {
  it('counts typed text until its form is submitted', () => {
    const { tracker, field } = page();
    expect(tracker.hasUnsentInput()).toBe(false);
    type(field('textarea'), 'Packers win the division');
    expect(tracker.hasUnsentInput()).toBe(true);
    (document.getElementById('chat') as HTMLFormElement).dispatchEvent(
      new Event('submit', { bubbles: true }),
    );
    expect(tracker.hasUnsentInput()).toBe(false);
    tracker.stop();
  });

  it('lets go when the field is emptied or leaves the page', () => {
    const { tracker, field } = page();
    type(field('input[type=email]'), 'fan@example.com');
    expect(tracker.hasUnsentInput()).toBe(true);
    type(field('input[type=email]'), '   ');
    expect(tracker.hasUnsentInput()).toBe(false);
    type(field('textarea'), 'half a message');
    expect(tracker.hasUnsentInput()).toBe(true);
    document.getElementById('chat')?.remove();
    expect(tracker.hasUnsentInput()).toBe(false);
    tracker.stop();
  });

  it('ignores search boxes, comboboxes and non-text controls', () => {
    const { tracker, field } = page();
    type(field('input[type=search]'), 'packers');
    type(field('input[role=combobox]'), 'kan');
    const box = field('input[type=checkbox]');
    box.checked = true;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    expect(tracker.hasUnsentInput()).toBe(false);
    tracker.stop();
  });

  it('stops listening', () => {
    const { tracker, field } = page();
    tracker.stop();
    type(field('textarea'), 'typed after stop');
    expect(tracker.hasUnsentInput()).toBe(false);
  });
});

describe('createReloadGate', () => {
  it('reloads at once when nothing is being typed', () => {
    const reload = vi.fn();
    const gate = createReloadGate({ reload, hasUnsentInput: () => false, timers: globalThis });
    gate.request();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(gate.isWaiting()).toBe(false);
  });

  it('looks again every second while input is unsent, and reloads once it is gone', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    let unsent = true;
    const gate = createReloadGate({
      reload,
      hasUnsentInput: () => unsent,
      timers: { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h as number) },
    });
    gate.request();
    expect(gate.isWaiting()).toBe(true);
    vi.advanceTimersByTime(UNSENT_INPUT_RECHECK_MS * 10);
    expect(reload).not.toHaveBeenCalled();
    unsent = false;
    vi.advanceTimersByTime(UNSENT_INPUT_RECHECK_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(UNSENT_INPUT_RECHECK_MS).toBe(1000);
  });

  it('forgets a waiting reload when cancelled', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    let unsent = true;
    const gate = createReloadGate({
      reload,
      hasUnsentInput: () => unsent,
      timers: { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h as number) },
    });
    gate.request();
    gate.cancel();
    unsent = false;
    vi.advanceTimersByTime(UNSENT_INPUT_RECHECK_MS * 3);
    expect(reload).not.toHaveBeenCalled();
  });
});

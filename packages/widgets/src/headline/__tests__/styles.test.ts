// How the styles reach the shadow root: adopted when the browser can, else a <style> carrying the nonce.
import { describe, expect, it } from 'vitest';
import { applyHeadlineStyles, HEADLINE_CSS } from '../styles.js';

describe('applyHeadlineStyles', () => {
  it('adopts one shared stylesheet and adds no <style> element', () => {
    const a = document.createElement('div').attachShadow({ mode: 'open' });
    const b = document.createElement('div').attachShadow({ mode: 'open' });
    applyHeadlineStyles(a, 'n1');
    applyHeadlineStyles(b, undefined);
    expect(a.adoptedStyleSheets).toHaveLength(1);
    expect(a.adoptedStyleSheets[0]).toBe(b.adoptedStyleSheets[0]);
    expect(a.querySelector('style')).toBeNull();
  });

  it('falls back to a <style> with the nonce where adoptedStyleSheets is missing', () => {
    const holder = document.createElement('div');
    // A shadow-root stand-in without adoptedStyleSheets, like an older browser's.
    const root = holder as unknown as ShadowRoot;
    applyHeadlineStyles(root, 'n0nce');
    const style = holder.querySelector('style');
    expect(style?.getAttribute('nonce')).toBe('n0nce');
    expect(style?.textContent).toBe(HEADLINE_CSS);
  });
});

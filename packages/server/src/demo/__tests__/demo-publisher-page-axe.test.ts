// @vitest-environment happy-dom
// The demo publisher page passes axe's structural rules (title, language, landmarks, headings, links);
// colours are checked in Chromium by tests/e2e/demo-offline.e2e.ts.
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { demoPublisherPage } from '../demo-publishers.js';

describe('demoPublisherPage', () => {
  it('has no serious or critical axe violation', async () => {
    const html = demoPublisherPage({
      title: 'Packers hold on in the snow',
      summary: 'Green Bay held on late.',
      author: 'Dana Reyes',
      published_at: new Date('2026-11-20T12:00:00Z'),
      publication: 'Gridiron Ledger',
    });
    document.documentElement.innerHTML = new DOMParser().parseFromString(
      html,
      'text/html',
    ).documentElement.innerHTML;
    document.documentElement.lang = 'en';
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => v.id)).toEqual([]);
    expect(document.querySelector('h1')?.textContent).toBe('Packers hold on in the snow');
  });
});

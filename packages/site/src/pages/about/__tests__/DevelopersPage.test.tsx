// /about/developers points developers at the built docs: a plain link to /developers/ (a server route,
// so a full page load rather than the site's router, which would show its not-found page).
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DevelopersPage } from '../DevelopersPage.js';

describe('DevelopersPage', () => {
  it('links to the developer docs at /developers/', () => {
    render(
      <MemoryRouter>
        <DevelopersPage />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'The developer docs' });
    expect(link.getAttribute('href')).toBe('/developers/');
    expect(link.closest('li')?.textContent).toMatch(/guides .* reference/);
  });
});

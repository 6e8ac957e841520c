import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Footer } from '../components/Footer.js';

function Custom({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} data-custom="yes">
      {children}
    </a>
  );
}

describe('Footer', () => {
  afterEach(cleanup);

  it('shows the copyright from 2005 to the current year', () => {
    render(<Footer />);
    expect(screen.getByText(`© 2005-${new Date().getFullYear()} SportSpyder`)).toBeTruthy();
  });

  it('follows the clock into later years', () => {
    render(<Footer now={new Date('2031-03-04T10:00:00Z')} />);
    expect(screen.getByText('© 2005-2031 SportSpyder')).toBeTruthy();
  });

  it('links Feedback, About, Contact Us, Advertise and Privacy, and carries the disclaimer', () => {
    render(<Footer />);
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Feedback')).toBe('/contact/1');
    expect(href('About')).toBe('/about');
    expect(href('Contact Us')).toBe('/contact');
    expect(href('Advertise')).toBe('/contact/5');
    expect(href('Privacy')).toBe('/privacy');
    expect(screen.getByText(/not affiliated with/)).toBeTruthy();
  });

  it('renders links with the given link component', () => {
    render(<Footer LinkComponent={Custom} />);
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('data-custom')).toBe('yes');
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorPage, NotFoundPage, ServerErrorPage, TooManyTriesPage } from '../components/ErrorPage.js';

describe('error pages', () => {
  afterEach(cleanup);

  it('404 says the page does not exist and offers Home, Search and team links', () => {
    render(
      <NotFoundPage
        teams={[{ slug: 'green-bay-packers', sportSlug: 'nfl', fullName: 'Green Bay Packers' }]}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      "Whoops. The page you're looking for doesn't exist.",
    );
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
    expect(screen.getByRole('link', { name: 'Green Bay Packers' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/news',
    );
  });

  it('500 says something went wrong, that the team is notified, and links to contact', () => {
    render(<ServerErrorPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Looks like something went wrong.');
    expect(screen.getByText(/team has been notified/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact/1');
  });

  it('too many tries explains the rate limit against bots and abuse and links to /contact/1', () => {
    render(<TooManyTriesPage />);
    expect(screen.getByText(/bots and abuse/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact/1');
  });

  it('ErrorPage picks the page by variant', () => {
    render(<ErrorPage variant="too-many-tries" />);
    expect(screen.getByText(/bots and abuse/)).toBeTruthy();
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationBadge } from '../components/NotificationBadge.js';

describe('NotificationBadge', () => {
  it('shows nothing at 0 or when the count is unknown', () => {
    expect(render(<NotificationBadge count={0} />).container.textContent).toBe('');
    expect(render(<NotificationBadge count={undefined} />).container.textContent).toBe('');
  });

  it('shows nothing while the session loads, whatever the count', () => {
    const { container } = render(<NotificationBadge count={5} loading />);
    expect(container.textContent).toBe('');
  });

  it('shows the count up to 20', () => {
    expect(render(<NotificationBadge count={5} />).container.textContent).toBe('5');
    expect(render(<NotificationBadge count={20} />).container.textContent).toBe('20');
  });

  it('shows "20+" above 20', () => {
    expect(render(<NotificationBadge count={21} />).container.textContent).toBe('20+');
    expect(render(<NotificationBadge count={250} />).container.textContent).toBe('20+');
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FollowTeamButton } from '../FollowTeamButton.js';
import { HideNotice } from '../HideNotice.js';

afterEach(cleanup);

describe('HideNotice', () => {
  it('says what is hidden and offers Undo and Configure', () => {
    const onUndo = vi.fn();
    render(
      <HideNotice
        itemLabel="Blogging The Boys"
        teamName="Cowboys"
        onUndo={onUndo}
        configureHref="/settings/configure/sources/dallas-cowboys"
      />,
    );
    expect(screen.getByText('Blogging The Boys is now hidden from your Cowboys feed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Configure' }).getAttribute('href')).toBe(
      '/settings/configure/sources/dallas-cowboys',
    );
  });
});

describe('FollowTeamButton', () => {
  it('reads "Follow Team" or "Following" and calls onToggle', () => {
    const onToggle = vi.fn();
    const { rerender } = render(<FollowTeamButton following={false} onToggle={onToggle} />);
    fireEvent.click(screen.getByRole('button', { name: 'Follow Team' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
    rerender(<FollowTeamButton following onToggle={onToggle} />);
    const button = screen.getByRole('button', { name: /Following/ });
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });
});

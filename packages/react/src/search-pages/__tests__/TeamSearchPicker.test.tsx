import type { Team } from '@sportspyder/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TeamSearchPicker } from '../TeamSearchPicker.js';

afterEach(cleanup);

const team = (id: number, fullName: string) =>
  ({ id, fullName, sportName: 'NFL', logo: `/logos/teams/${id}.svg` }) as unknown as Team;
const packers = team(1, 'Green Bay Packers');
const bears = team(2, 'Chicago Bears');

describe('TeamSearchPicker', () => {
  it('lists the teams found with Follow buttons, and Following for a followed team', async () => {
    const search = vi.fn(async (q: string) => (q.startsWith('p') ? [packers] : [bears]));
    const onFollow = vi.fn();
    render(<TeamSearchPicker search={search} isFollowed={(t) => t.id === 2} onFollow={onFollow} />);
    fireEvent.change(screen.getByLabelText('Find a team to follow'), { target: { value: 'pack' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Follow Green Bay Packers' }));
    expect(onFollow).toHaveBeenCalledWith(packers);
    expect(search).toHaveBeenCalledWith('pack');
    fireEvent.change(screen.getByLabelText('Find a team to follow'), { target: { value: 'bears' } });
    const following = await screen.findByRole('button', { name: 'Following Chicago Bears' });
    expect((following as HTMLButtonElement).disabled).toBe(true);
  });

  it('says No teams found for the query, and searches once per pause in typing', async () => {
    const search = vi.fn(async () => []);
    render(<TeamSearchPicker search={search} isFollowed={() => false} onFollow={() => {}} />);
    const box = screen.getByLabelText('Find a team to follow');
    fireEvent.change(box, { target: { value: 'z' } });
    fireEvent.change(box, { target: { value: 'zz' } });
    fireEvent.change(box, { target: { value: 'zzq' } });
    expect(await screen.findByText('No teams found for "zzq"')).toBeTruthy();
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('never lets a slow answer for an older query replace the newer one', async () => {
    let release: (teams: Team[]) => void = () => {};
    const search = vi.fn((q: string) =>
      q === 'b' ? new Promise<Team[]>((resolve) => (release = resolve)) : Promise.resolve([packers]),
    );
    render(<TeamSearchPicker search={search} isFollowed={() => false} onFollow={() => {}} />);
    const box = screen.getByLabelText('Find a team to follow');
    fireEvent.change(box, { target: { value: 'b' } });
    await waitFor(() => expect(search).toHaveBeenCalledWith('b'));
    fireEvent.change(box, { target: { value: 'pa' } });
    expect(await screen.findByRole('button', { name: 'Follow Green Bay Packers' })).toBeTruthy();
    release([bears]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Follow Chicago Bears' })).toBeNull();
  });
});

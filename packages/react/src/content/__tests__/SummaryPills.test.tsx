import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SummaryPills } from '../SummaryPills.js';
import { makeSections } from './content-fixtures.js';

afterEach(cleanup);

function Harness({ onChange }: { onChange?: (id: number | null) => void }) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <SummaryPills
      sections={makeSections(3)}
      selectedId={selected}
      onSelect={(id) => {
        setSelected(id);
        onChange?.(id);
      }}
    />
  );
}

const pill = (name: string) => screen.getByRole('button', { name });

describe('SummaryPills', () => {
  it('opens a pill with its summary, highlights and linked articles, and toggles it closed', () => {
    render(<Harness />);
    expect(screen.queryByText('Summary of section 2')).toBeNull();
    fireEvent.click(pill('Section 2'));
    expect(pill('Section 2').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Summary of section 2')).toBeTruthy();
    expect(screen.getByText('Highlight 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Source article 2' })).toBeTruthy();
    fireEvent.click(pill('Section 2'));
    expect(screen.queryByText('Summary of section 2')).toBeNull();
  });

  it('moves to the next and previous section and closes', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(pill('Section 1'));
    expect((pill('Previous') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(pill('Next'));
    expect(screen.getByText('Summary of section 2')).toBeTruthy();
    fireEvent.click(pill('Next'));
    expect(screen.getByText('Summary of section 3')).toBeTruthy();
    expect((pill('Next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(pill('Previous'));
    expect(screen.getByText('Summary of section 2')).toBeTruthy();
    fireEvent.click(pill('Close'));
    expect(screen.queryByText(/Summary of section/)).toBeNull();
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([1, 2, 3, 2, null]);
  });

  it('renders nothing without sections', () => {
    const { container } = render(<SummaryPills sections={[]} selectedId={null} onSelect={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});

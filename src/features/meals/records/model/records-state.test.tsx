import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useRecordsState } from './records-state';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/meals/view-records']}>{children}</MemoryRouter>
);

describe('useRecordsState', () => {
  it('keeps two changes made before the navigation renders: the second starts from the first', () => {
    const { result } = renderHook(() => useRecordsState(), { wrapper });
    act(() => {
      const [, update] = result.current;
      update({ from: '2026-11-02' });
      update({ to: '2026-11-06' });
      update({ mealType: 'lunch' });
    });
    const [state] = result.current;
    expect(state).toMatchObject({ from: '2026-11-02', to: '2026-11-06', mealType: 'lunch', page: 1 });
  });
});

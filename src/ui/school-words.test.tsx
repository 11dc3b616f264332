import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../test/render-with-providers';
import { setLanguage } from './language';
import '../test/setup';
import { KNOWN_REASONS, useSchoolWords } from './school-words';

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('useSchoolWords', () => {
  it("says the school's default reasons and 'Room' in Spanish", async () => {
    await act(() => setLanguage('es'));
    const { result } = renderHook(() => useSchoolWords());
    expect(result.current.homeroom('Room 101')).toBe('Salón 101');
    expect(result.current.reason('Medical appointment')).toBe('Cita médica');
    expect(result.current.reason('Family emergency')).toBe('Emergencia familiar');
    expect(result.current.reason('Other: Dentist at 9')).toBe('Otro: Dentist at 9');
    for (const text of Object.keys(KNOWN_REASONS)) expect(result.current.reason(text)).not.toBe(text);
  });

  it("keeps the school's own free text as the school wrote it, in any language", async () => {
    await act(() => setLanguage('es'));
    const { result } = renderHook(() => useSchoolWords());
    expect(result.current.homeroom('Library Annex')).toBe('Library Annex');
    expect(result.current.reason('Bus 14 was late')).toBe('Bus 14 was late');
    expect(result.current.reason(null)).toBe('');
    expect(result.current.homeroom(undefined)).toBe('');
  });

  it("says a reason in the school's own Spanish wording to a Spanish reader, and as listed to others", async () => {
    const reasonsEs = { 'Bus 14 was late': 'El autobús 14 llegó tarde', Overslept: 'Se me pegaron las sábanas' };
    const english = renderHook(() => useSchoolWords(reasonsEs));
    expect(english.result.current.reason('Bus 14 was late')).toBe('Bus 14 was late');
    await act(() => setLanguage('es'));
    const { result } = renderHook(() => useSchoolWords(reasonsEs));
    expect(result.current.reason('Bus 14 was late')).toBe('El autobús 14 llegó tarde');
    // The school's wording comes before the app's for a default reason; the others keep the app's.
    expect(result.current.reason('Overslept')).toBe('Se me pegaron las sábanas');
    expect(result.current.reason('Weather')).toBe(renderHook(() => useSchoolWords()).result.current.reason('Weather'));
    expect(result.current.reason('Weather')).not.toBe('Weather');
  });

  it('says a school text in Spanish to a Spanish reader when the school wrote it, else in English', async () => {
    const before = renderHook(() => useSchoolWords());
    expect(before.result.current.text('Picture day', 'Día de fotos')).toBe('Picture day');
    await act(() => setLanguage('es'));
    const { result } = renderHook(() => useSchoolWords());
    expect(result.current.text('Picture day', 'Día de fotos')).toBe('Día de fotos');
    expect(result.current.text('Picture day', '  ')).toBe('Picture day');
    expect(result.current.text('Picture day', null)).toBe('Picture day');
  });

  it('says them in English by default', () => {
    const { result } = renderHook(() => useSchoolWords());
    expect(result.current.homeroom('Room 12')).toBe('Room 12');
    expect(result.current.reason('Overslept')).toBe('Overslept');
  });
});

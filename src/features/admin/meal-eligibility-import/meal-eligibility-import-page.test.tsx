import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import type { MealImport } from '../../../contract';
import { captureDownloads } from '../../../test/csv-capture';
import { renderWithProviders } from '../../../test/render-with-providers';
import { applyMealEligibilityImport } from '../api/apply-meal-eligibility-import';
import { previewMealEligibilityImport } from '../api/preview-meal-eligibility-import';
import MealEligibilityImportPage from './meal-eligibility-import-page';

vi.mock('../api/preview-meal-eligibility-import', () => ({ previewMealEligibilityImport: vi.fn() }));
vi.mock('../api/apply-meal-eligibility-import', () => ({ applyMealEligibilityImport: vi.fn() }));

const ID = 'a'.repeat(64);
const PREVIEW: MealImport = {
  id: ID,
  status: 'previewed',
  rows: 4,
  changes: 2,
  current: 1,
  unchanged: 1,
  errors: [
    {
      line: 4,
      column: 'Student Number',
      code: 'unknown_student',
      value: '999',
      message: 'No scholar has the student number 999.',
    },
  ],
  sample: [
    {
      line: 2,
      student_number: '100234',
      name: 'Ana Ruiz',
      from: 'paid',
      to: 'free',
      effective_from: '2026-09-01',
      current: true,
    },
    {
      line: 3,
      student_number: '100235',
      name: 'Luis Ortega',
      from: 'reduced',
      to: 'paid',
      effective_from: '2025-01-15',
      current: false,
    },
  ],
};
const csv = (name = 'direct-cert.csv') =>
  new File(['Student Number,Eligibility,Date\n100234,F,9/1/2026\n'], name, { type: 'text/csv' });
const chooser = () => screen.getByLabelText('CSV file of meal eligibility', { selector: 'input' });

beforeEach(() => {
  vi.mocked(previewMealEligibilityImport).mockReset();
  vi.mocked(applyMealEligibilityImport).mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<MealEligibilityImportPage />', () => {
  it('says what the file needs, previews a chosen file, applies it and shows what was saved', async () => {
    vi.mocked(previewMealEligibilityImport).mockResolvedValue(PREVIEW);
    vi.mocked(applyMealEligibilityImport).mockResolvedValue({ ...PREVIEW, status: 'applied' });
    await renderWithProviders(<MealEligibilityImportPage />, { route: '/admin/meal-eligibility' });
    expect(screen.getByRole('heading', { level: 1, name: 'Meal eligibility import' })).toBeTruthy();
    const help = screen.getByRole('region', { name: 'What the file needs' });
    expect(within(help).getByText(/“student_number”, “Student Number”, “student id”/)).toBeTruthy();
    expect(within(help).getByText(/“effective_date”, “effective”, “date”/)).toBeTruthy();
    expect(within(help).getByText(/F, gratis, .*R, reducido, .*P, pagado/)).toBeTruthy();
    expect(within(help).getByText(/YYYY-MM-DD, M\/D\/YYYY/)).toBeTruthy();

    const file = csv();
    fireEvent.change(chooser(), { target: { files: [file] } });
    await waitFor(() => expect(previewMealEligibilityImport).toHaveBeenCalledWith(file, expect.anything()));
    const preview = await screen.findByRole('region', { name: 'Preview of direct-cert.csv' });
    for (const text of [
      '4 rows',
      '2 determinations to add or correct',
      "1 becomes a scholar's current eligibility",
      '1 row already on file',
      '1 row cannot be used',
    ]) {
      expect(within(preview).getByText(text)).toBeTruthy();
    }
    const changes = within(preview).getByRole('table', { name: 'What changes' });
    const rows = within(changes)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows.slice(1)).toEqual([
      ['2', 'Ana Ruiz100234', 'Paid', 'Free', '2026-09-01', 'Current'],
      ['3', 'Luis Ortega100235', 'Reduced', 'Paid', '2025-01-15', 'History only'],
    ]);
    const errors = within(preview).getByRole('table', { name: 'Rows that cannot be used' });
    expect(within(errors).getByText('No scholar has the student number 999.')).toBeTruthy();
    expect(applyMealEligibilityImport).not.toHaveBeenCalled();

    fireEvent.click(within(preview).getByRole('button', { name: 'Apply 2 changes' }));
    await waitFor(() => expect(applyMealEligibilityImport).toHaveBeenCalledWith({ id: ID, file }, expect.anything()));
    const saved = await screen.findByRole('region', { name: 'Saved from direct-cert.csv' });
    expect(within(saved).getByText('Saved 2 determinations.')).toBeTruthy();
    expect(within(saved).getByText('2 determinations added or corrected')).toBeTruthy();
    expect(within(saved).queryByRole('button', { name: /Apply/ })).toBeNull();
  });

  it('downloads the rows it cannot use as CSV, with their line, column and reason', async () => {
    vi.mocked(previewMealEligibilityImport).mockResolvedValue({
      ...PREVIEW,
      errors: [
        ...PREVIEW.errors,
        { line: 5, column: '=Eligibility', code: 'unknown_category', value: 'maybe', message: 'x' },
      ],
    });
    await renderWithProviders(<MealEligibilityImportPage />, { route: '/admin/meal-eligibility' });
    fireEvent.change(chooser(), { target: { files: [csv()] } });
    const downloads = captureDownloads();
    try {
      fireEvent.click(await screen.findByRole('button', { name: 'Download these rows as CSV' }));
      const [file] = await downloads.files();
      expect(file?.name).toBe('meal-eligibility-rows-not-used.csv');
      // A byte order mark first, so that spreadsheets read the accents as UTF-8.
      expect(file?.text).toBe(
        [
          '\uFEFF"Line","Column","Reason"',
          '"4","Student Number","No scholar has the student number 999."',
          // A header that reads as a formula is defused: the file's header is whatever the file says.
          '"5","\'=Eligibility","“maybe” is not free, reduced or paid."',
          '',
        ].join('\r\n'),
      );
    } finally {
      downloads.restore();
    }
  });

  it('says when there is nothing to change, and offers no Apply', async () => {
    vi.mocked(previewMealEligibilityImport).mockResolvedValue({
      ...PREVIEW,
      changes: 0,
      current: 0,
      unchanged: 3,
      sample: [],
    });
    await renderWithProviders(<MealEligibilityImportPage />, { route: '/admin/meal-eligibility' });
    fireEvent.change(chooser(), { target: { files: [csv()] } });
    expect(await screen.findByText('Nothing to change: every row is on file already or cannot be used.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Apply/ })).toBeNull();
  });

  it('refuses what is not a CSV before sending, and shows the server’s refusal of the file', async () => {
    await renderWithProviders(<MealEligibilityImportPage />, { route: '/admin/meal-eligibility' });
    fireEvent.change(chooser(), { target: { files: [new File(['x'], 'list.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByText('Choose a CSV file (.csv or .txt).')).toBeTruthy();
    expect(previewMealEligibilityImport).not.toHaveBeenCalled();
    vi.mocked(previewMealEligibilityImport).mockRejectedValue(
      new ApiError(
        'Invalid',
        422,
        { file: ['This is a spreadsheet file: save it as CSV (UTF-8) and choose that file.'] },
        'validation',
      ),
    );
    fireEvent.change(chooser(), { target: { files: [csv('book.csv')] } });
    expect(
      await screen.findByText('This is a spreadsheet file: save it as CSV (UTF-8) and choose that file.'),
    ).toBeTruthy();
    vi.mocked(previewMealEligibilityImport).mockRejectedValue(
      new ApiError('Invalid', 422, { file: ['The header row has no column for the category.'] }, 'validation'),
    );
    fireEvent.change(chooser(), { target: { files: [csv('other.csv')] } });
    expect(await screen.findByText('The header row has no column for the category.')).toBeTruthy();
  });

  it('offline: says it needs a connection and takes no file; a failed apply keeps the preview', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await renderWithProviders(<MealEligibilityImportPage />, { route: '/admin/meal-eligibility' });
    expect(screen.getByText('Importing meal eligibility needs a connection to the server.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose a CSV file' }).hasAttribute('disabled')).toBe(true);
    vi.unstubAllGlobals();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    vi.mocked(previewMealEligibilityImport).mockResolvedValue(PREVIEW);
    vi.mocked(applyMealEligibilityImport).mockRejectedValue(new ApiError('Server Error.', 500));
    fireEvent.change(chooser(), { target: { files: [csv()] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply 2 changes' }));
    expect(await screen.findByText('Server Error.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Preview of direct-cert.csv' })).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import type { RosterImportRecord } from '../../../contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import {
  applyRosterImport,
  fetchCsvColumns,
  fetchRosterImport,
  fetchRosterImportHistory,
  uploadRosterCsv,
  uploadRosterPackage,
} from '../api/roster-imports';
import RosterImportPage from './roster-import-page';

vi.mock('../api/roster-imports', () => ({
  rosterImportKeys: {
    all: ['roster_imports'],
    history: (page: number) => ['roster_imports', 'history', page],
    one: (id: string) => ['roster_imports', id],
  },
  HISTORY_PER_PAGE: 10,
  uploadRosterPackage: vi.fn(),
  applyRosterImport: vi.fn(),
  fetchRosterImport: vi.fn(),
  fetchRosterImportHistory: vi.fn(),
  fetchCsvColumns: vi.fn(),
  uploadRosterCsv: vi.fn(),
}));
vi.mock('../api/list-roles', () => ({
  useRoles: () => ({
    data: [
      { id: 'r-admin', name: 'Administrator' },
      { id: 'r-staff', name: 'Staff' },
      { id: 'r-time', name: 'Timekeeper' },
    ],
    isPending: false,
    isError: false,
    fetchStatus: 'idle',
    refetch: vi.fn(),
  }),
}));

const count = (create: number, unchanged = 0) => ({ create, update: 0, deactivate: 0, unchanged });
const PREVIEW: RosterImportRecord = {
  id: 'imp-1',
  kind: 'oneroster',
  format: 'oneroster-1.1',
  file_name: 'aeries.zip',
  status: 'previewed',
  counts: {
    scholars: count(612),
    guardians: count(940),
    staff: count(41),
    classes: count(30),
    enrollments: count(3100),
  },
  errors: [{ file: 'users.csv', line: 17, column: 'grades', message: 'Grade "13" is not a grade this school has.' }],
  matched: [{ kind: 'scholars', name: 'Ana Ruiz', by: 'student_number', value: '100200' }],
  staff_roles: { teacher: 38, aide: 3 },
  roles: {},
  progress: { done: 0, total: 4723 },
  failure: null,
  created_by: { id: 'u1', name: 'Pat Admin' },
  applied_by: null,
  created_at: '2026-12-03T16:00:00Z',
  applied_at: null,
  finished_at: null,
};

beforeEach(() => {
  vi.mocked(uploadRosterPackage).mockReset();
  vi.mocked(applyRosterImport).mockReset();
  vi.mocked(fetchRosterImport).mockReset();
  vi.mocked(fetchRosterImportHistory).mockResolvedValue({ data: [], meta: { page: 1, per_page: 10, total: 0 } });
});

const chooseFile = () => {
  const input = screen.getByLabelText('Choose a zip file', { selector: 'input' });
  fireEvent.change(input, { target: { files: [new File(['zip'], 'aeries.zip', { type: 'application/zip' })] } });
};

describe('<RosterImportPage />', () => {
  it('previews a package, lets the roles be chosen, applies it with its progress and shows the outcome', async () => {
    vi.mocked(uploadRosterPackage).mockResolvedValue(PREVIEW);
    const applying = { ...PREVIEW, status: 'applying' as const, progress: { done: 1000, total: 4723 } };
    const applied = { ...PREVIEW, status: 'applied' as const, progress: { done: 4723, total: 4723 } };
    vi.mocked(applyRosterImport).mockResolvedValue(applying);
    vi.mocked(fetchRosterImport)
      .mockResolvedValueOnce(PREVIEW)
      .mockResolvedValueOnce(applying)
      .mockResolvedValue(applied);
    await renderWithProviders(<RosterImportPage />, { route: '/admin/import' });
    expect(await screen.findByText('No roster has been imported yet.')).toBeTruthy();
    chooseFile();
    expect(await screen.findByText('Preview of aeries.zip: nothing has been written yet')).toBeTruthy();
    const counts = screen.getByRole('region', { name: 'What the import does' });
    const scholars = within(counts).getByText('Scholars').closest('tr') as HTMLElement;
    expect(within(scholars).getByText('612')).toBeTruthy();
    expect(screen.getByText('1 row cannot be used')).toBeTruthy();
    expect(screen.getByText('grades: Grade "13" is not a grade this school has.')).toBeTruthy();
    expect(screen.getByText('Ana Ruiz, by student number 100200')).toBeTruthy();
    // Nobody gets Administrator from a file: it is not offered; Staff is the default.
    const teachers = screen.getByLabelText('38 new teachers') as HTMLSelectElement;
    expect(teachers.value).toBe('r-staff');
    expect([...teachers.options].map((o) => o.text)).toEqual(['Staff', 'Timekeeper']);
    fireEvent.change(screen.getByLabelText('3 new aides'), { target: { value: 'r-time' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply the import' }));
    await waitFor(() =>
      expect(applyRosterImport).toHaveBeenCalledWith('imp-1', { teacher: 'r-staff', aide: 'r-time' }),
    );
    expect(await screen.findByText('1000 of 4723')).toBeTruthy();
    expect(
      await screen.findByText(
        'The roster is imported. Families with an email can be invited to the portal from Guardians.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Import another package')).toBeTruthy();
  });

  it('says why a package cannot be read, and lets another be chosen', async () => {
    vi.mocked(uploadRosterPackage).mockRejectedValue(
      new ApiError('users.csv, column givenName: the column is missing.', 422, {
        file: ['users.csv, column givenName: the column is missing.'],
      }),
    );
    await renderWithProviders(<RosterImportPage />, { route: '/admin/import' });
    await screen.findByText('No roster has been imported yet.');
    chooseFile();
    expect(await screen.findByText('users.csv, column givenName: the column is missing.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose a zip file' })).toBeTruthy();
  });

  it("maps a plain CSV's columns, says which required field has none, and previews it", async () => {
    vi.mocked(fetchCsvColumns).mockResolvedValue({
      kind: 'guardians',
      headers: ['Correo', 'Nombre', 'Apellido', 'Hijos'],
      mapping: { email: 'Correo' },
      sample: [],
    });
    vi.mocked(uploadRosterCsv).mockResolvedValue({
      ...PREVIEW,
      kind: 'csv_guardians',
      format: 'csv',
      file_name: 'familias.csv',
    });
    await renderWithProviders(<RosterImportPage />, { route: '/admin/import' });
    await screen.findByText('No roster has been imported yet.');
    fireEvent.change(screen.getByLabelText('The file holds'), { target: { value: 'guardians' } });
    fireEvent.change(screen.getByLabelText('Choose a CSV file', { selector: 'input' }), {
      target: { files: [new File(['x'], 'familias.csv', { type: 'text/csv' })] },
    });
    await screen.findByText(
      'familias.csv has 4 columns. Say which column holds each field; * marks the ones it must have.',
    );
    expect(fetchCsvColumns).toHaveBeenCalledWith('guardians', expect.any(File));
    fireEvent.change(screen.getByLabelText('First name *'), { target: { value: 'Nombre' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose the column that holds this.')).toBeTruthy();
    expect(uploadRosterCsv).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Last name *'), { target: { value: 'Apellido' } });
    fireEvent.change(screen.getByLabelText("Their scholars' student numbers"), { target: { value: 'Hijos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(uploadRosterCsv).toHaveBeenCalledWith('guardians', expect.any(File), {
        email: 'Correo',
        first_name: 'Nombre',
        last_name: 'Apellido',
        student_numbers: 'Hijos',
      }),
    );
    expect(await screen.findByText('Preview of familias.csv: nothing has been written yet')).toBeTruthy();
  });
});

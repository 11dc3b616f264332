import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import type { BackupRun, BackupsStatus } from '../../../contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import { fetchBackups, startBackup } from '../api/backups';
import { BackupsSection } from './backups-section';

vi.mock('../api/backups', () => ({ backupsKey: ['backups'], fetchBackups: vi.fn(), startBackup: vi.fn() }));

const RUN: BackupRun = {
  id: '01a00000-0000-7000-8000-000000000001',
  kind: 'nightly',
  status: 'succeeded',
  night: '2026-12-03',
  file: '2026-12-03-020000-nightly.zip',
  bytes: 1_234_567,
  started_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
  finished_at: new Date(Date.now() - 3 * 3600_000 + 9000).toISOString(),
  error: null,
};
const status = (over: Partial<BackupsStatus> = {}): BackupsStatus => ({
  runs: [RUN],
  last_success: RUN,
  recent: true,
  nightly_hour: 2,
  keep: 14,
  ...over,
});

beforeEach(() => {
  vi.mocked(fetchBackups).mockReset();
  vi.mocked(startBackup).mockReset();
});

describe('<BackupsSection />', () => {
  it('shows the last backup with its size and the schedule, without a warning when it is recent', async () => {
    vi.mocked(fetchBackups).mockResolvedValue(status());
    await renderWithProviders(<BackupsSection />);
    expect(await screen.findByText(/^Last backup: .*, 1\.2 MB$/)).toBeTruthy();
    expect(screen.getByText(/Written each night at 2:00/)).toBeTruthy();
    expect(screen.queryByText(/No backup in the last 36 hours/)).toBeNull();
  });

  it('warns when no backup is recent, and says when there is none at all', async () => {
    vi.mocked(fetchBackups).mockResolvedValue(
      status({ runs: [], last_success: null, recent: false, nightly_hour: null }),
    );
    await renderWithProviders(<BackupsSection />);
    expect(await screen.findByText('No backup has been written yet.')).toBeTruthy();
    expect(screen.getByText(/No backup in the last 36 hours/)).toBeTruthy();
    expect(screen.getByText(/Nightly backups are off/)).toBeTruthy();
  });

  it('backs up now, shows the progress until the run has finished, and keeps the id for a retry', async () => {
    const manual: BackupRun = {
      ...RUN,
      id: '',
      kind: 'manual',
      status: 'running',
      night: null,
      file: null,
      bytes: null,
      finished_at: null,
    };
    let runs: BackupRun[] = [RUN];
    vi.mocked(fetchBackups).mockImplementation(async () => status({ runs }));
    vi.mocked(startBackup)
      .mockRejectedValueOnce(new ApiError('A backup is being written: wait for it to finish.', 409))
      .mockImplementation(async (id) => {
        manual.id = id;
        runs = [{ ...manual }, RUN];
        return { ...manual };
      });
    await renderWithProviders(<BackupsSection />);
    const button = await screen.findByRole('button', { name: 'Back up now' });
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('wait for it to finish'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    await waitFor(() => expect(startBackup).toHaveBeenCalledTimes(2));
    const [first, second] = vi.mocked(startBackup).mock.calls.map((c) => c[0]);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(await screen.findByText(/Writing the backup/)).toBeTruthy();
    expect(screen.getByText(/Back up now · Being written/)).toBeTruthy();
    runs = [
      { ...manual, status: 'succeeded', file: 'now.zip', bytes: 2_000_000, finished_at: new Date().toISOString() },
      RUN,
    ];
    expect(await screen.findByText(/Backup written: now\.zip \(2\.0 MB\)/, {}, { timeout: 6000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Writing the backup/)).toBeNull());
  });

  it('says why a backup failed', async () => {
    const failed: BackupRun = { ...RUN, id: '', kind: 'manual', status: 'running', night: null, finished_at: null };
    let runs: BackupRun[] = [];
    vi.mocked(fetchBackups).mockImplementation(async () => status({ runs }));
    vi.mocked(startBackup).mockImplementation(async (id) => {
      failed.id = id;
      runs = [{ ...failed, status: 'failed', error: 'No space left on device' }];
      return { ...failed };
    });
    await renderWithProviders(<BackupsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('The backup failed: No space left on device', {}, { timeout: 6000 })).toBeTruthy();
  });
});

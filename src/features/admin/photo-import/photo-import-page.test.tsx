import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import type { PhotoImportResult } from '../../../contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import { importPhotos } from '../api/import-photos';
import PhotoImportPage from './photo-import-page';

vi.mock('../api/import-photos', () => ({ importPhotos: vi.fn() }));

const zip = (name = 'photos.zip', bytes = 2_500_000) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/zip' });
const chooser = () => screen.getByLabelText('Zip file of photos', { selector: 'input' });

const RESULT: PhotoImportResult = {
  updated: 41,
  unchanged: 2,
  unmatched: ['class/999999.jpg'],
  refused: [
    { name: '100234.heic', code: 'heic', message: 'This server cannot read HEIC images: save the photo as JPEG.' },
    { name: 'big/100235.png', code: 'too_large', message: 'Larger than 20 MB or 50 megapixels.' },
  ],
};

beforeEach(() => {
  vi.mocked(importPhotos).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('<PhotoImportPage />', () => {
  it('uploads a chosen zip, says it is working, then reports the counts, the unmatched and the refused files', async () => {
    let answer: (r: PhotoImportResult) => void = () => {};
    vi.mocked(importPhotos).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await renderWithProviders(<PhotoImportPage />, { route: '/admin/import/photos' });
    expect(screen.getByRole('heading', { level: 1, name: 'Photos' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import photos' })).toBeNull();
    const file = zip();
    fireEvent.change(chooser(), { target: { files: [file] } });
    expect(screen.getByText('photos.zip, 2.4 MB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import photos' }));
    await waitFor(() => expect(importPhotos).toHaveBeenCalledWith(file, expect.anything()));
    expect((await screen.findByRole('status')).textContent).toBe('Uploading and reading photos.zip (2.4 MB)…');
    expect(screen.getByRole('button', { name: 'Choose another zip file' }).hasAttribute('disabled')).toBe(true);

    await act(async () => answer(RESULT));
    const report = await screen.findByRole('region', { name: 'Photos from photos.zip' });
    expect(within(report).getByText('41 scholars have a new photo.')).toBeTruthy();
    expect(within(report).getByText("2 photos were already the scholars'.")).toBeTruthy();
    expect(within(report).getByRole('heading', { name: '1 file matches no scholar' })).toBeTruthy();
    expect(within(report).getByText('class/999999.jpg')).toBeTruthy();
    expect(within(report).getByRole('heading', { name: '2 files were not used' })).toBeTruthy();
    const refused = within(report)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(refused).toContain('100234.heic: The server cannot read HEIC photos: save it as JPEG.');
    expect(refused).toContain('big/100235.png: Larger than 20 MB or 50 megapixels.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('takes a dropped zip, and says when the zip held no photos', async () => {
    vi.mocked(importPhotos).mockResolvedValue({ updated: 0, unchanged: 0, unmatched: [], refused: [] });
    await renderWithProviders(<PhotoImportPage />, { route: '/admin/import/photos' });
    const zone = screen.getByText('or drop it here').parentElement as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [zip('empty.zip', 22)] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import photos' }));
    expect(await screen.findByText('The zip held no photos.')).toBeTruthy();
  });

  it('refuses what is not a zip or is too large before sending, and shows the server’s refusal in its words', async () => {
    await renderWithProviders(<PhotoImportPage />, { route: '/admin/import/photos' });
    fireEvent.change(chooser(), { target: { files: [new File(['x'], 'faces.jpg', { type: 'image/jpeg' })] } });
    expect(screen.getByText('Choose a zip file (.zip).')).toBeTruthy();
    const huge = zip('huge.zip', 10);
    Object.defineProperty(huge, 'size', { value: 101 * 1024 * 1024 });
    fireEvent.change(chooser(), { target: { files: [huge] } });
    expect(screen.getByText('The zip is larger than 100 MB: split it into smaller zips.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import photos' })).toBeNull();

    vi.mocked(importPhotos).mockRejectedValue(
      new ApiError('Invalid', 422, { file: ['The file is not a zip file.'] }, 'validation'),
    );
    fireEvent.change(chooser(), { target: { files: [zip('renamed.zip')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import photos' }));
    expect(await screen.findByText('Choose a zip file (.zip).')).toBeTruthy();
  });

  it('offline: says the import needs a connection and keeps Import off; a lost connection says so too', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await renderWithProviders(<PhotoImportPage />, { route: '/admin/import/photos' });
    expect(screen.getByText(/Importing photos needs a connection to the server/)).toBeTruthy();
    fireEvent.change(chooser(), { target: { files: [zip()] } });
    expect(screen.getByRole('button', { name: 'Import photos' }).hasAttribute('disabled')).toBe(true);
    vi.unstubAllGlobals();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    vi.mocked(importPhotos).mockRejectedValue(new ApiError('unreachable', 0));
    fireEvent.click(screen.getByRole('button', { name: 'Import photos' }));
    expect(await screen.findByText(/The administration screens need a connection/)).toBeTruthy();
  });
});

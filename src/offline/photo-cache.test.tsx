import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createOfflineDb } from './db';
import { createPhotoCache } from './photo-cache';
import { freshDbName } from './test/fakes';

const photo = (id: string, text = id) => ({
  id,
  blob: new Blob([text], { type: 'image/svg+xml' }),
  content_type: 'image/svg+xml',
  sha256: id,
});

describe('createPhotoCache', () => {
  it('reads a photo once for every face that shows it, and keeps it for the next ones', async () => {
    const db = createOfflineDb(freshDbName());
    await db.photos.add(photo('p1'));
    const get = vi.spyOn(db.photos, 'get');
    const cache = createPhotoCache(db);
    function Face({ label }: { label: string }) {
      const blob = cache.usePhoto('p1');
      return <span>{blob === undefined ? `${label} reading` : `${label} ${blob ? 'photo' : 'none'}`}</span>;
    }
    const view = render(
      <>
        <Face label="a" />
        <Face label="b" />
        <Face label="c" />
      </>,
    );
    await screen.findByText('a photo');
    expect(screen.getByText('c photo')).toBeTruthy();
    view.rerender(<Face label="d" />);
    expect(screen.getByText('d photo')).toBeTruthy(); // already known: no 'reading' state
    expect(get).toHaveBeenCalledTimes(1);
    db.close();
  });

  it('answers null without a photo id, and shows a photo that arrives after the face', async () => {
    const db = createOfflineDb(freshDbName());
    const cache = createPhotoCache(db);
    function Face({ id }: { id: string | null }) {
      const blob = cache.usePhoto(id);
      return <span>{blob === undefined ? 'reading' : blob ? 'photo' : 'initials'}</span>;
    }
    const view = render(<Face id={null} />);
    expect(screen.getByText('initials')).toBeTruthy();
    view.rerender(<Face id="late" />);
    await screen.findByText('initials');
    await db.photos.add(photo('late', 'abc'));
    await waitFor(() => expect(screen.getByText('photo')).toBeTruthy());
    db.close();
  });
});

/**
 * A scholar's face on View Who Ate: the photo kept on this device by the sync snapshot when there is one (no request,
 * works offline), else fetched from `v2/photos/:id` once the face scrolls into view, else the initials. The source is
 * a context so tests can stand in for the device's database.
 */
import { Avatar } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { offlineDb } from '../../../offline';
import { useObjectUrl } from '../../../ui/use-object-url';
import { getPhoto, photoQueryOptions } from './api/get-photo';

export interface PhotoSource {
  /** The photo kept on this device; null when there is none, undefined while it is read. */
  useLocalPhoto(photoId: string | null): Blob | null | undefined;
  fetchPhoto(photoId: string, signal?: AbortSignal): Promise<Blob>;
}

const deviceSource: PhotoSource = {
  useLocalPhoto(photoId) {
    return useLiveQuery(
      async () => (photoId ? ((await offlineDb.photos.get(photoId))?.blob ?? null) : null),
      [photoId],
    );
  },
  fetchPhoto: getPhoto,
};

const PhotoContext = createContext<PhotoSource>(deviceSource);

/** Gives the faces below another photo source (tests). */
export function PhotoSourceProvider({ source, children }: { source: PhotoSource; children: ReactNode }) {
  return <PhotoContext.Provider value={source}>{children}</PhotoContext.Provider>;
}

/** True once the element has been on screen (at once where the browser cannot tell). */
function useSeen<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !ref.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}

/** The photo or the initials. */
export function ScholarPhoto({ name, photoId }: { name: string; photoId: string | null }) {
  const source = useContext(PhotoContext);
  const local = source.useLocalPhoto(photoId);
  const [ref, seen] = useSeen<HTMLDivElement>();
  const online = useQuery({
    ...photoQueryOptions(photoId ?? '', source.fetchPhoto),
    enabled: Boolean(photoId) && local === null && seen,
  });
  const url = useObjectUrl(local ?? online.data);
  return (
    <Avatar.Root ref={ref} size="md" colorPalette="gray" variant="subtle" flexShrink="0">
      <Avatar.Fallback name={name} />
      {url && <Avatar.Image src={url} alt={name} />}
    </Avatar.Root>
  );
}

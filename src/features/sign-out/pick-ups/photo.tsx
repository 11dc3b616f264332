/**
 * A face (a pick-up adult's or a scholar's): the photo kept on this device when there is one (no request, works
 * offline), else fetched from `v2/photos/:id`, else the initials. Used by the edit list and the badge cards.
 */
import { Avatar } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useObjectUrl } from '../../../ui/use-object-url';
import { photoQueryOptions } from '../api/pick-ups-queries';
import { usePickUpServices } from './services';

/** The photo's blob from the device or the server; null when there is none, undefined while it is read. */
export function usePhotoBlob(photoId: string | null): Blob | null | undefined {
  const services = usePickUpServices();
  const local = services.useLocalPhoto(photoId);
  const remote = useQuery({
    ...photoQueryOptions(photoId ?? '', services.fetchPhoto),
    enabled: Boolean(photoId) && local === null,
  });
  if (!photoId) return null;
  if (local !== null) return local;
  if (remote.data) return remote.data;
  return remote.isError ? null : undefined;
}

export interface FaceProps {
  name: string;
  photoId: string | null;
  size?: 'md' | 'lg' | 'xl' | '2xl';
}

/** The photo, or the initials while there is none. */
export function Face({ name, photoId, size = 'xl' }: FaceProps) {
  const url = useObjectUrl(usePhotoBlob(photoId));
  return (
    <Avatar.Root size={size} shape="rounded" colorPalette="gray" variant="subtle" flexShrink="0">
      <Avatar.Fallback name={name} />
      {url && <Avatar.Image src={url} alt={name} />}
    </Avatar.Root>
  );
}

/**
 * A messenger's face, from the photo kept on the device (so the schedule shows faces offline), or a neutral circle
 * with the initials when there is none or the scholar is not on this device.
 */
import { Avatar } from '@chakra-ui/react';
import { useObjectUrl } from '../../../ui/use-object-url';
import { useMessengerStation } from '../station/station';

export interface ScholarAvatarProps {
  name: string;
  photoId: string | null;
  size?: 'sm' | 'lg' | '2xl';
}

/** The photo, or the initials. */
export function ScholarAvatar({ name, photoId, size = 'sm' }: ScholarAvatarProps) {
  const url = useObjectUrl(useMessengerStation().usePhoto(photoId));
  return (
    <Avatar.Root size={size} colorPalette="gray" variant="subtle" flexShrink="0">
      <Avatar.Fallback name={name} />
      {url && <Avatar.Image src={url} alt={name} />}
    </Avatar.Root>
  );
}

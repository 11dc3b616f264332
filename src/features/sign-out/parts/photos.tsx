/**
 * Faces on the pick-up line, from the photos kept on the device (so they show offline): the scholar's, and the
 * pick-up adult's, large, since the person at the car window is matched against it. Without a photo, a neutral
 * circle with the initials. The blob becomes an object URL for as long as it is on screen.
 */
import { Avatar } from '@chakra-ui/react';
import type { AuthorizedPickUpRecord, DemographicRecord } from '../../../contract';
import { useObjectUrl } from '../../../ui/use-object-url';
import { useSignOutStation } from '../station/station';

/** The name as the line shows it: the preferred first name and the last name. */
export function scholarName(scholar: Pick<DemographicRecord, 'fname' | 'nickname' | 'lname'>): string {
  return `${scholar.nickname || scholar.fname} ${scholar.lname}`;
}

const SIZES = { sm: '3rem', md: '4.5rem', lg: '7rem', xl: '11rem' } as const;
type PhotoSize = keyof typeof SIZES;

function Face({
  photoId,
  name,
  size,
  palette,
}: {
  photoId: string | null;
  name: string;
  size: PhotoSize;
  palette: string;
}) {
  const url = useObjectUrl(useSignOutStation().usePhoto(photoId));
  return (
    <Avatar.Root
      flexShrink="0"
      colorPalette={palette}
      variant="subtle"
      css={{ '--avatar-size': SIZES[size], '--avatar-font-size': `calc(${SIZES[size]} * 0.38)` }}
    >
      <Avatar.Fallback name={name} />
      {url && <Avatar.Image src={url} alt={name} />}
    </Avatar.Root>
  );
}

/** A scholar's photo. */
export function ScholarPhoto({ scholar, size = 'sm' }: { scholar: DemographicRecord; size?: PhotoSize }) {
  return <Face photoId={scholar.photo_id} name={scholarName(scholar)} size={size} palette="gray" />;
}

/** A pick-up adult's photo; red around a refused adult's. */
export function AdultPhoto({ adult, size = 'xl' }: { adult: AuthorizedPickUpRecord; size?: PhotoSize }) {
  return (
    <Face
      photoId={adult.photo_id}
      name={adult.full_name}
      size={size}
      palette={adult.status === 'authorized' ? 'gray' : 'red'}
    />
  );
}

/**
 * A scholar's face, from the photo kept on the device (so it shows offline), or a neutral circle with the initials
 * when there is none. The blob becomes an object URL for as long as it is on screen, then the URL is released.
 */
import { Avatar } from '@chakra-ui/react';
import type { DemographicRecord } from '../../../contract';
import { useObjectUrl } from '../../../ui/use-object-url';
import { useStation } from '../station/station';

/** The name as the kiosk shows it: the preferred first name and the last name. */
export function scholarName(scholar: Pick<DemographicRecord, 'fname' | 'nickname' | 'lname'>): string {
  return `${scholar.nickname || scholar.fname} ${scholar.lname}`;
}

const SIZES = { sm: '2.75rem', md: '4rem', xl: '11rem' } as const;

export interface ScholarPhotoProps {
  scholar: DemographicRecord;
  size?: keyof typeof SIZES;
}

/** The photo, or the initials on a neutral background. */
export function ScholarPhoto({ scholar, size = 'sm' }: ScholarPhotoProps) {
  const station = useStation();
  const url = useObjectUrl(station.usePhoto(scholar.photo_id));
  const name = scholarName(scholar);
  return (
    <Avatar.Root
      flexShrink="0"
      colorPalette="gray"
      variant="subtle"
      css={{ '--avatar-size': SIZES[size], '--avatar-font-size': `calc(${SIZES[size]} * 0.38)` }}
    >
      <Avatar.Fallback name={name} />
      {url && <Avatar.Image src={url} alt={name} />}
    </Avatar.Root>
  );
}

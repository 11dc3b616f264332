/**
 * A scholar's face, from the photo kept on the device (so it shows offline), or a neutral circle with the initials
 * when there is none. The blob becomes an object URL for as long as it is on screen, then the URL is released.
 */
import { Box } from '@chakra-ui/react';
import type { DemographicRecord } from '../../../contract';
import { useObjectUrl } from '../../../ui/use-object-url';
import { useMealsStation } from '../station/station';

/** The name as the line shows it: the preferred first name and the last name. */
export function scholarName(scholar: Pick<DemographicRecord, 'fname' | 'nickname' | 'lname'>): string {
  return `${scholar.nickname || scholar.fname} ${scholar.lname}`;
}

const SIZES = { sm: '2.75rem', md: '4rem', lg: '5.5rem', xl: '9rem' } as const;

export interface ScholarPhotoProps {
  scholar: DemographicRecord;
  size?: keyof typeof SIZES;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase())
    .slice(0, 2)
    .join('');

/**
 * The photo, or the initials on a neutral background. A plain circle rather than Chakra's Avatar: the Avatar runs a
 * state machine per face (image loading status), and a tap on the line mounts one for the outcome and unmounts a
 * dozen with the search results, which held the confirmation back (bench/meal-tap.mjs).
 */
export function ScholarPhoto({ scholar, size = 'sm' }: ScholarPhotoProps) {
  const url = useObjectUrl(useMealsStation().usePhoto(scholar.photo_id));
  const name = scholarName(scholar);
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      flexShrink="0"
      borderRadius="full"
      overflow="hidden"
      bg="gray.subtle"
      color="gray.fg"
      fontWeight="medium"
      aria-hidden={url ? undefined : true}
      css={{ width: SIZES[size], height: SIZES[size], fontSize: `calc(${SIZES[size]} * 0.38)` }}
    >
      {url ? <img src={url} alt={name} width="100%" height="100%" style={{ objectFit: 'cover' }} /> : initials(name)}
    </Box>
  );
}

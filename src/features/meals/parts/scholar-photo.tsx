/**
 * A scholar's face, from the photo kept on the device (so it shows offline), or a neutral circle with the initials
 * when there is none. The blob becomes an object URL for as long as it is on screen, then the URL is released.
 */
import type { CSSProperties } from 'react';
import type { DemographicRecord } from '../../../contract';
import { initials } from '../../../ui/roster/scholar-name';
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

const FACE_STYLE: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  borderRadius: '9999px',
  overflow: 'hidden',
  background: 'var(--chakra-colors-gray-subtle)',
  color: 'var(--chakra-colors-gray-fg)',
  fontWeight: 500,
};
const SIZED = Object.fromEntries(
  Object.entries(SIZES).map(([size, length]) => [
    size,
    { ...FACE_STYLE, width: length, height: length, fontSize: `calc(${length} * 0.38)` },
  ]),
) as Record<keyof typeof SIZES, CSSProperties>;
const IMAGE_STYLE: CSSProperties = { width: '100%', height: '100%', objectFit: 'cover' };

/**
 * The photo, or the initials on a neutral background. A plain element with a style made once per size rather than
 * Chakra's Avatar or Box: the Avatar runs a state machine per face (image loading status) and a Box resolves its
 * style props on every render; a tap on the line renders a face for the outcome and the grid shows hundreds
 * (bench/meal-tap.mjs).
 */
export function ScholarPhoto({ scholar, size = 'sm' }: ScholarPhotoProps) {
  const url = useObjectUrl(useMealsStation().usePhoto(scholar.photo_id));
  const name = scholarName(scholar);
  return (
    <span aria-hidden={url ? undefined : true} style={SIZED[size]}>
      {url ? <img src={url} alt={name} style={IMAGE_STYLE} /> : initials(name)}
    </span>
  );
}

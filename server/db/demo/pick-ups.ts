/**
 * The demo school's pick-up adults (F5): one to three per family, the first being the family's guardian, each on the
 * list of every child of the family and sharing one drawn photo across the siblings, as the office enters them.
 * Some have dates (a babysitter for the school year, an aunt whose authorization has ended) and a few families have
 * a custody order: an adult who must not pick up (not_authorized) with the order in the notes. Drawn from their own
 * seeded random, so adding them changed nothing else of the demo school.
 */
import { createHash } from 'node:crypto';
import { uuidv7 } from '../../../src/contract';
import type { schema } from '../client';
import { drawAvatar } from './avatar';
import { createRandom, givenName, NAMES, type NameOrigin } from './names';

type PickUpRow = typeof schema.authorizedPickUps.$inferInsert & { id: string };
type PhotoRow = typeof schema.photos.$inferInsert;

export interface PickUpFamily {
  origin: NameOrigin;
  lname: string;
  children: readonly { id: string }[];
  /** The family's guardian, already a parent account. */
  guardian: { fname: string; lname: string; relationship: string };
}

const RELATIVES: ReadonlyArray<readonly [string, boolean, number]> = [
  // relationship, female, weight
  ['Grandmother', true, 30],
  ['Grandfather', false, 15],
  ['Aunt', true, 18],
  ['Uncle', false, 12],
  ['Family friend', true, 8],
  ['Neighbor', false, 5],
  ['Babysitter', true, 8],
  ['Adult sibling', false, 4],
];
const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

/** A phone number in the 555-01xx range, reserved for fiction. */
const phoneOf = (n: number) => `(${[213, 323, 562, 626, 818][n % 5]}) 555-01${String(n % 100).padStart(2, '0')}`;

/** Plans every family's pick-up adults and their photos (one per adult, shared by the siblings' rows). */
export function planPickUps(
  families: readonly PickUpFamily[],
  today: Date,
  schoolYear: number,
): { pickUps: PickUpRow[]; photos: PhotoRow[] } {
  const rnd = createRandom('demo-pick-ups-v1');
  const pickUps: PickUpRow[] = [];
  const photos: PhotoRow[] = [];
  const yearEnd = `${schoolYear + 1}-06-12`;
  let n = 0;
  families.forEach((family, f) => {
    const adults: Omit<PickUpRow, 'id' | 'scholar_id' | 'photo_id'>[] = [
      {
        full_name: `${family.guardian.fname} ${family.guardian.lname}`,
        relationship: family.guardian.relationship,
        phone: phoneOf(n++),
      },
    ];
    const extra = rnd.weighted([
      [0, 35],
      [1, 45],
      [2, 20],
    ] as const);
    for (let i = 0; i < extra; i++) {
      const [relationship, female] = rnd.weighted(RELATIVES.map(([r, fe, w]) => [[r, fe] as const, w] as const));
      const sameName = ['Grandmother', 'Grandfather', 'Uncle', 'Aunt', 'Adult sibling'].includes(relationship);
      const lname = sameName && rnd.chance(0.6) ? family.lname : rnd.pick(NAMES[family.origin].last);
      const adult: (typeof adults)[number] = {
        full_name: `${givenName(rnd, family.origin, female)} ${lname}`,
        relationship,
        phone: rnd.chance(0.9) ? phoneOf(n++) : null,
      };
      if (relationship === 'Babysitter') {
        adult.valid_from = ymd(today.getTime() - rnd.int(20, 60) * DAY);
        adult.valid_until = yearEnd;
        adult.notes = 'After-school care, this school year.';
      } else if (rnd.chance(0.08)) {
        // An authorization that has ended: the pick-up line must refuse it.
        adult.valid_from = ymd(today.getTime() - rnd.int(60, 120) * DAY);
        adult.valid_until = ymd(today.getTime() - rnd.int(3, 30) * DAY);
        adult.notes = 'Temporary, while a parent was away.';
      }
      adults.push(adult);
    }
    if (rnd.chance(0.05)) {
      // A custody order: a parent who must not take the children. On the list so the line sees the face and the note.
      adults.push({
        full_name: `${givenName(rnd, family.origin, rnd.chance(0.4))} ${family.lname}`,
        relationship: 'Parent (no custody)',
        phone: null,
        status: 'not_authorized',
        notes: `Custody order, Family Court case ${schoolYear}-FL-${String(rnd.int(1000, 9999))}: may not pick up. Call the office and keep the scholar inside.`,
      });
    }
    for (const [a, adult] of adults.entries()) {
      const photoId = uuidv7();
      const bytes = Buffer.from(drawAvatar(`pick-up ${f} ${a} ${adult.full_name}`, { adult: true }), 'utf8');
      // Every row with every column: the seed inserts them as one JSON set with the first row's columns.
      const full = { status: 'authorized' as const, notes: null, valid_from: null, valid_until: null, ...adult };
      const rows = family.children.map((child) => ({ ...full, id: uuidv7(), scholar_id: child.id, photo_id: photoId }));
      photos.push({
        id: photoId,
        owner_type: 'authorized_pick_ups',
        owner_id: (rows[0] as PickUpRow).id,
        content_type: 'image/svg+xml',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes,
      });
      pickUps.push(...rows);
    }
  });
  return { pickUps, photos };
}

/**
 * The resources the guardians' screens use, `v2/guardians` (the people), `v2/guardianships` (who is whose guardian)
 * and `v2/demographics` (finding a scholar to link), through the generic resource helpers, with their query keys.
 * A link's change invalidates both sides: the guardian's scholar count and each side's list of links.
 */
import type { z } from 'zod';
import { resourceApi } from '../../../../api/resource';
import type { DemographicRecord } from '../../../../contract/demographics';
import type {
  GuardianCreateSchema,
  GuardianRecord,
  GuardianshipCreateSchema,
  GuardianshipRecord,
  GuardianshipUpdateSchema,
  GuardianUpdateSchema,
} from '../../../../contract/guardians';

export type GuardianCreateInput = z.input<typeof GuardianCreateSchema>;
export type GuardianUpdateInput = Omit<z.input<typeof GuardianUpdateSchema>, '_method'>;
export type GuardianshipCreateInput = z.input<typeof GuardianshipCreateSchema>;
export type GuardianshipUpdateInput = Omit<z.input<typeof GuardianshipUpdateSchema>, '_method'>;

export const guardiansResource = resourceApi<GuardianRecord, GuardianCreateInput, GuardianUpdateInput>('v2/guardians');
export const guardianshipsResource = resourceApi<GuardianshipRecord, GuardianshipCreateInput, GuardianshipUpdateInput>(
  'v2/guardianships',
);
/** Only read here: the scholars' own screens create and change them. */
export const scholarsResource = resourceApi<DemographicRecord, never, never>('v2/demographics');

export const guardianKeys = {
  guardians: guardiansResource.keys,
  links: guardianshipsResource.keys,
  scholars: scholarsResource.keys,
};

/**
 * A scholar's guardians, for the scholar's page to embed (`<ScholarGuardians scholarId=… />`): each with the
 * relationship, whether they may pick up, and a link to their page; add one (an existing guardian, or a new one made
 * here), change or unlink. The texts are the guardians namespace's, loaded with the administration section.
 */
import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AddGuardian } from './add-guardian';
import { useGuardianships } from './api/list-guardianships';
import { LinkList } from './link-list';

export interface ScholarGuardiansProps {
  scholarId: string;
  /**
   * The signed-in person's permissions, to offer only the actions they may take (guardianships-create, -update,
   * -delete); without them every action shows and the server decides.
   */
  permissions?: readonly string[];
}

/** The scholar's guardians and what the office does with them. */
export function ScholarGuardians({ scholarId, permissions }: ScholarGuardiansProps) {
  const { t } = useTranslation('guardians');
  const links = useGuardianships('scholar_id', scholarId);
  const may = (action: 'create' | 'update' | 'delete') =>
    !permissions || permissions.includes(`guardianships-${action}`);
  const headingId = `scholar-guardians-${scholarId}`;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" minW="0">
      <Heading as="h2" size="md" id={headingId}>
        {t('links.guardiansTitle')}
      </Heading>
      <LinkList side="scholar" query={links} may={{ update: may('update'), delete: may('delete') }} />
      {may('create') && <AddGuardian scholarId={scholarId} links={links.data?.data ?? []} />}
    </Stack>
  );
}

/**
 * A guardian's page (`/admin/guardians/:id`, and `/admin/guardians/new` for a new one): their details (name, email,
 * phone, preferred language), their scholars with the relationship and whether they may pick up (link another,
 * change, unlink), and Invite, which sends them a link to set a password for the Scholar Portal (for those who may
 * send invitations). Online only, with loading, offline and error states; a guardian that does not exist says so.
 */
import { Alert, Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { schoolConfigQuery } from '../../../api/school-time-zone';
import type { GuardianRecord } from '../../../contract/guardians';
import type { UserRecord } from '../../../contract/users';
import { QueryState } from '../../../ui/data/query-state';
import { addNotification } from '../../../ui/notifications';
import { InviteUserDialog } from '../users-roles/invite-user-dialog';
import { useGuardian } from './api/get-guardian';
import { useGuardianships } from './api/list-guardianships';
import { CarTagSection } from './car-tag-section';
import { GuardianForm } from './guardian-form';
import { LinkList } from './link-list';
import { LinkScholar } from './link-scholar';

/** The screen; `permissions` are the signed-in person's (Invite needs its own). */
export default function GuardianPage({ permissions = [] }: { permissions?: readonly string[] }) {
  const { t } = useTranslation('guardians');
  const { id } = useParams();
  const navigate = useNavigate();
  const guardian = useGuardian(id);
  const back = (
    <Link asChild color="primary.fg" alignSelf="flex-start">
      <RouterLink to="/admin/guardians">{t('page.back')}</RouterLink>
    </Link>
  );
  if (!id) {
    return (
      <Stack gap="4" maxW="3xl" minW="0">
        {back}
        <Heading as="h1" size="lg">
          {t('page.newTitle')}
        </Heading>
        <GuardianForm
          submitLabel={t('page.create')}
          onSaved={(saved) => {
            addNotification({ type: 'success', text: t('page.created', { name: nameOf(saved) }) });
            navigate(`/admin/guardians/${saved.id}`, { replace: true });
          }}
        />
      </Stack>
    );
  }
  const missing = guardian.error instanceof ApiError && guardian.error.status === 404;
  return (
    <Stack gap="4" maxW="3xl" minW="0">
      {back}
      {missing ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('page.notFound')}</Alert.Description>
        </Alert.Root>
      ) : (
        <QueryState query={guardian} isEmpty={false} emptyText="" offlineText={t('needsConnection')}>
          {guardian.data && <GuardianDetails guardian={guardian.data} permissions={permissions} />}
        </QueryState>
      )}
    </Stack>
  );
}

const nameOf = (g: Pick<GuardianRecord, 'fname' | 'lname'>) => `${g.fname} ${g.lname}`;

function GuardianDetails({ guardian, permissions }: { guardian: GuardianRecord; permissions: readonly string[] }) {
  const { t } = useTranslation('guardians');
  const may = (action: 'create' | 'update' | 'delete') => permissions.includes(`guardianships-${action}`);
  const links = useGuardianships('parent_id', guardian.id);
  const name = nameOf(guardian);
  return (
    <Stack gap="6">
      <Heading as="h1" size="lg">
        {name}
      </Heading>
      <Stack as="section" aria-labelledby="guardian-details" gap="3">
        <Heading as="h2" size="md" id="guardian-details">
          {t('page.details')}
        </Heading>
        <GuardianForm
          key={guardian.updated_at}
          guardian={guardian}
          submitLabel={t('page.save')}
          readOnly={!may('update')}
          onSaved={(saved) => addNotification({ type: 'success', text: t('page.saved', { name: nameOf(saved) }) })}
        />
      </Stack>
      <Stack as="section" aria-labelledby="guardian-scholars" gap="3">
        <Heading as="h2" size="md" id="guardian-scholars">
          {t('links.scholarsTitle')}
        </Heading>
        <LinkList side="guardian" query={links} may={{ update: may('update'), delete: may('delete') }} />
        {may('create') && <LinkScholar guardian={guardian} links={links.data?.data ?? []} />}
      </Stack>
      <CarTagSection guardianId={guardian.id} mayUpdate={may('update')} />
      {permissions.includes('invitations-create') && <InviteSection guardian={guardian} />}
    </Stack>
  );
}

/** The guardian as the invitation dialog takes a person. */
const asUser = (g: GuardianRecord): UserRecord => ({
  id: g.id,
  email: g.email,
  fname: g.fname,
  lname: g.lname,
  nickname: null,
  type: 'parent',
  user_number: null,
  start_date: null,
  grade: null,
  program: null,
  active: g.active,
  exempt: false,
  language: g.language,
  has_password: g.has_password,
  has_google: false,
  roles: [],
  created_at: g.created_at,
  updated_at: g.updated_at,
});

function InviteSection({ guardian }: { guardian: GuardianRecord }) {
  const { t } = useTranslation('guardians');
  const config = useQuery(schoolConfigQuery);
  const [inviting, setInviting] = useState<UserRecord | null>(null);
  const name = nameOf(guardian);
  return (
    <Stack as="section" aria-labelledby="guardian-invite" gap="2">
      <Heading as="h2" size="md" id="guardian-invite">
        {t('page.invite')}
      </Heading>
      <Text>{guardian.active ? t('page.inviteHint', { name }) : t('page.inactive')}</Text>
      {guardian.has_password && guardian.active && <Text color="fg.muted">{t('page.hasPassword', { name })}</Text>}
      <Button
        variant="outline"
        colorPalette="primary"
        minH="10"
        alignSelf="flex-start"
        disabled={!guardian.active}
        onClick={() => setInviting(asUser(guardian))}
      >
        {t('page.invite')}
      </Button>
      <InviteUserDialog
        user={inviting}
        schoolName={config.data?.school_name ?? ''}
        withGoogle={Boolean(config.data?.google_client_id)}
        onClose={() => setInviting(null)}
      />
    </Stack>
  );
}

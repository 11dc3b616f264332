/**
 * Users and Roles (`/admin/users-roles`): find users (search, type, role and status filters, sort, 25 per page, all
 * kept in the URL), add a staff member with their roles (and send the invitation right away), edit a person's name,
 * email and exempt flag, assign and remove roles, deactivate and reactivate accounts, and print a new staff badge for
 * someone without a phone; the list as filtered (every page) as a CSV file. Each action shows only to those holding
 * its permission (the server checks them again). The administration screens are online-only: without a connection the
 * list says so and offers Retry, while the search and filters keep what was typed, and the table stays on screen while
 * the next page loads.
 */
import { Alert, Box, Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schoolConfigQuery } from '../../../api/school-time-zone';
import type { UserRecord } from '../../../contract/users';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { addNotification } from '../../../ui/notifications';
import { adminErrorText } from '../api/admin-error-text';
import { useRoles } from '../api/list-roles';
import { useUsers } from '../api/list-users';
import { useReactivateUser } from '../api/reactivate-user';
import { AssignRolesDialog } from './assign-roles-dialog';
import { DeactivateUserDialog } from './deactivate-user-dialog';
import { ExportUsersButton } from './export-users-button';
import { InviteUserDialog } from './invite-user-dialog';
import { StaffBadgeDialog } from './staff-badge-dialog';
import { StaffMemberDialog, type StaffMemberTarget } from './staff-member-dialog';
import { toUsersListParams, useUsersListState } from './use-users-list-state';
import { displayName } from './user-row';
import { UsersFilters } from './users-filters';
import { UsersTable } from './users-table';

/** The Users and Roles screen; `permissions` are the signed-in person's (Add, Edit, Invite and the badge need their own). */
export default function UsersRolesPage({ permissions = [] }: { permissions?: readonly string[] }) {
  const { t } = useTranslation('admin');
  const [state, update] = useUsersListState();
  const users = useUsers(toUsersListParams(state));
  const roles = useRoles();
  const reactivate = useReactivateUser();
  const config = useQuery(schoolConfigQuery);
  const [editing, setEditing] = useState<UserRecord | null>(null);
  const [deactivating, setDeactivating] = useState<UserRecord | null>(null);
  const [inviting, setInviting] = useState<UserRecord | null>(null);
  const [staffTarget, setStaffTarget] = useState<StaffMemberTarget>(null);
  const [badgeFor, setBadgeFor] = useState<UserRecord | null>(null);
  const mayInvite = permissions.includes('invitations-create');
  const mayCreate = permissions.includes('users-create');
  const mayEdit = permissions.includes('users-update');
  const mayAssignRoles = permissions.includes('roles-update');
  const mayBadge = permissions.includes('timesheets-view_any');

  const onReactivate = (user: UserRecord) =>
    reactivate.mutate(user.id, {
      onSuccess: () =>
        addNotification({ text: t('usersPage.reactivated', { name: displayName(user) }), type: 'success' }),
      onError: (error) => addNotification({ text: adminErrorText(error, t), type: 'error' }),
    });

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="lg">
          {t('usersPage.title')}
        </Heading>
        {mayCreate && (
          <Button colorPalette="primary" onClick={() => setStaffTarget({ kind: 'add' })}>
            {t('usersPage.staff.addStaff')}
          </Button>
        )}
      </Flex>
      {/* For the administrator who can turn it on; the sign-in screens simply offer the email and password. */}
      {config.data && !config.data.google_client_id && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('usersPage.googleNotSetUp')}</Alert.Description>
        </Alert.Root>
      )}
      <UsersFilters state={state} roles={roles.data ?? []} onChange={update} />
      <ExportUsersButton params={toUsersListParams(state)} disabled={!users.data?.meta.total} />
      <QueryState
        query={users}
        isEmpty={users.data?.data.length === 0}
        emptyText={t('noUsers')}
        offlineText={t('needsConnection')}
      >
        <Box opacity={users.isPlaceholderData ? 0.6 : 1} aria-busy={users.isFetching || undefined}>
          <UsersTable
            users={users.data?.data ?? []}
            sort={state.sort}
            onSortChange={(sort) => update({ sort })}
            reactivatingId={reactivate.isPending ? (reactivate.variables ?? null) : null}
            onEditRoles={setEditing}
            onDeactivate={setDeactivating}
            onReactivate={onReactivate}
            onInvite={mayInvite ? setInviting : undefined}
            onEdit={mayEdit ? (user) => setStaffTarget({ kind: 'edit', user }) : undefined}
            onBadge={mayBadge ? setBadgeFor : undefined}
          />
          <Pager
            page={state.page}
            perPage={state.perPage}
            total={users.data?.meta.total ?? 0}
            onPageChange={(page) => update({ page })}
            onPerPageChange={(perPage) => update({ perPage })}
          />
        </Box>
      </QueryState>
      <AssignRolesDialog user={editing} onClose={() => setEditing(null)} />
      <DeactivateUserDialog user={deactivating} onClose={() => setDeactivating(null)} />
      <InviteUserDialog
        user={inviting}
        schoolName={config.data?.school_name ?? ''}
        withGoogle={Boolean(config.data?.google_client_id)}
        onClose={() => setInviting(null)}
      />
      <StaffMemberDialog
        target={staffTarget}
        mayAssignRoles={mayAssignRoles}
        mayInvite={mayInvite}
        onCreated={(user, invite) => {
          setStaffTarget(null);
          if (invite) setInviting(user);
        }}
        onClose={() => setStaffTarget(null)}
      />
      <StaffBadgeDialog
        user={badgeFor}
        schoolName={config.data?.school_name ?? null}
        onClose={() => setBadgeFor(null)}
      />
    </Stack>
  );
}

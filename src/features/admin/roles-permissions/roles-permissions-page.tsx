/**
 * Roles and Permissions (`/admin`): the matrix of roles against the permission catalogue, where a tick grants or
 * revokes at once, and the dialogs to create, rename and delete a role. The administration screens are online-only:
 * without a connection the screen says so and offers Retry.
 */
import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from '../../../contract/roles';
import { QueryState } from '../../../ui/data/query-state';
import { useRoles } from '../api/list-roles';
import { DeleteRoleDialog } from './delete-role-dialog';
import { PermissionMatrix } from './permission-matrix';
import { RoleFormDialog } from './role-form-dialog';

/** The Roles and Permissions screen. */
export default function RolesPermissionsPage() {
  const { t } = useTranslation('admin');
  const roles = useRoles();
  const [editing, setEditing] = useState<RoleRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleRecord | null>(null);

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Box>
          <Heading as="h1" size="lg">
            {t('rolesPage.title')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('rolesPage.intro')}
          </Text>
        </Box>
        <Button colorPalette="primary" onClick={() => setEditing('new')}>
          {t('addRole')}
        </Button>
      </HStack>
      <QueryState
        query={roles}
        isEmpty={roles.data?.length === 0}
        emptyText={t('noRoles')}
        offlineText={t('needsConnection')}
        skeletonRows={10}
      >
        <PermissionMatrix roles={roles.data ?? []} onEdit={setEditing} onDelete={setDeleting} />
      </QueryState>
      <RoleFormDialog
        open={editing !== null}
        role={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

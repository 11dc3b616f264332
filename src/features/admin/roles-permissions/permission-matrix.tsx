/**
 * The Roles and Permissions matrix: roles as columns, the contract's permission catalogue as rows, one row group per
 * resource and one row per action. Rows come from the catalogue, not from the roles, so a permission nobody holds
 * still has its row. The table scrolls sideways inside its own box with the permission names stuck to the left, so a
 * school with many roles stays usable on a tablet.
 */
import { Box, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ACTIONS, type Permission, permissionName, RESOURCES } from '../../../contract/permissions';
import type { RoleRecord } from '../../../contract/roles';
import { isChanged, isGranted, type PermissionChanges } from '../model/permission-changes';
import { PermissionCell } from './permission-cell';
import { RoleColumnHeader } from './role-column-header';

export interface PermissionMatrixProps {
  roles: RoleRecord[];
  /** The ticks not saved yet. */
  changes: PermissionChanges;
  onToggle: (role: RoleRecord, permission: Permission, granted: boolean) => void;
  onEdit: (role: RoleRecord) => void;
  onDelete: (role: RoleRecord) => void;
}

const STICKY = { position: 'sticky', left: '0', zIndex: 1, bg: 'bg' } as const;

/** Roles against permissions; a tick is a change to review and save. */
export function PermissionMatrix({ roles, changes, onToggle, onEdit, onDelete }: PermissionMatrixProps) {
  const { t } = useTranslation('admin');
  const changedText = t('changes.notSaved');

  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH="calc(100dvh - 14rem)">
      <Table.Root size="sm" stickyHeader showColumnBorder>
        <Table.Caption srOnly>{t('rolesPage.title')}</Table.Caption>
        {/*
          Opaque while the rows scroll under it: every header cell has a solid background, and the stuck row sits above
          the rows' stuck permission names (both are sticky; without the higher layer, the later ones paint on top).
        */}
        <Table.Header bg="bg">
          <Table.Row zIndex={2}>
            <Table.ColumnHeader scope="col" {...STICKY} zIndex={3} minW="11rem">
              {t('rolesPage.permission')}
            </Table.ColumnHeader>
            {roles.map((role) => (
              <RoleColumnHeader key={role.id} role={role} onEdit={() => onEdit(role)} onDelete={() => onDelete(role)} />
            ))}
          </Table.Row>
        </Table.Header>
        {RESOURCES.map((resource) => {
          const resourceName = t(`resources.${resource}`);
          return (
            <Table.Body key={resource}>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader scope="rowgroup" colSpan={roles.length + 1} bg="bg.muted">
                  <Box position="sticky" left="3" display="inline-block">
                    {resourceName}
                  </Box>
                </Table.ColumnHeader>
              </Table.Row>
              {ACTIONS.map((action) => {
                const permission = permissionName(resource, action);
                const actionName = t(`actions.${action}`);
                return (
                  <Table.Row key={permission}>
                    <Table.ColumnHeader scope="row" {...STICKY} fontWeight="normal" ps="6">
                      {actionName}
                    </Table.ColumnHeader>
                    {roles.map((role) => (
                      <PermissionCell
                        key={role.id}
                        label={t('rolesPage.cellLabel', {
                          role: role.name,
                          resource: resourceName,
                          action: actionName,
                        })}
                        granted={isGranted(changes, role, permission)}
                        changed={isChanged(changes, role.id, permission)}
                        changedText={changedText}
                        onChange={(granted) => onToggle(role, permission, granted)}
                      />
                    ))}
                  </Table.Row>
                );
              })}
            </Table.Body>
          );
        })}
      </Table.Root>
    </Table.ScrollArea>
  );
}

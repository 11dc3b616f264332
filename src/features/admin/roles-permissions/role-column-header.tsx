/**
 * The header of a role's column: its name, how many users hold it, and a menu to rename or delete it. A menu keeps
 * the header narrow, which matters when a school has many roles on a tablet.
 */
import { Box, IconButton, Menu, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from '../../../contract/roles';

export interface RoleColumnHeaderProps {
  role: RoleRecord;
  onEdit: () => void;
  onDelete: () => void;
}

/** A role's column header with its rename and delete actions. */
export function RoleColumnHeader({ role, onEdit, onDelete }: RoleColumnHeaderProps) {
  const { t } = useTranslation('admin');
  return (
    <Table.ColumnHeader scope="col" textAlign="center" minW="8rem" verticalAlign="top" bg="bg">
      <Stack gap="0" align="center">
        <Box display="flex" alignItems="center" gap="1">
          <Text fontWeight="semibold" title={role.description ?? undefined}>
            {role.name}
          </Text>
          <Menu.Root>
            <Menu.Trigger asChild>
              <IconButton aria-label={t('rolesPage.roleActions', { role: role.name })} size="2xs" variant="ghost">
                <span aria-hidden="true">⋯</span>
              </IconButton>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  <Menu.Item value="edit" onClick={onEdit}>
                    {t('editRole')}
                  </Menu.Item>
                  <Menu.Item value="delete" color="fg.error" onClick={onDelete}>
                    {t('deleteRole')}
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </Box>
        <Text fontSize="xs" fontWeight="normal" color="fg.muted">
          {t('rolesPage.userCount', { count: role.user_count })}
        </Text>
      </Stack>
    </Table.ColumnHeader>
  );
}

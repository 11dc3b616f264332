/**
 * One user in the Users and Roles list: name, email, type (and for staff whether they are exempt), whether the
 * account is active, the roles as tags, and the actions. Action buttons carry the user's name in their accessible name, since a screen reader user moving through
 * the buttons alone would otherwise hear 'Roles, Roles, Roles'.
 */
import { Badge, Button, HStack, Table, Tag, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '../../../contract/users';

export interface UserRowProps {
  user: UserRecord;
  isReactivating: boolean;
  onEditRoles: (user: UserRecord) => void;
  onDeactivate: (user: UserRecord) => void;
  onReactivate: (user: UserRecord) => void;
  /** Sends the person a link to set their password; absent without `invitations-create`. */
  onInvite?: (user: UserRecord) => void;
  /** Edits the person's name, email and exempt flag; absent without `users-update`. */
  onEdit?: (user: UserRecord) => void;
  /** Prints a new staff badge for an active staff member; absent without `timesheets-view_any`. */
  onBadge?: (user: UserRecord) => void;
}

/** The name a screen shows for a user. */
export function displayName(user: Pick<UserRecord, 'fname' | 'lname'>): string {
  return `${user.fname} ${user.lname}`;
}

/** A row of the users table. */
export function UserRow({
  user,
  isReactivating,
  onEditRoles,
  onDeactivate,
  onReactivate,
  onInvite,
  onEdit,
  onBadge,
}: UserRowProps) {
  const { t } = useTranslation('admin');
  const name = displayName(user);
  return (
    <Table.Row>
      <Table.Cell fontWeight="medium">{name}</Table.Cell>
      <Table.Cell>{user.email}</Table.Cell>
      <Table.Cell>
        <Text>{t(`usersPage.types.${user.type}`)}</Text>
        {user.type === 'staff' && (
          <Text fontSize="xs" color="fg.muted">
            {user.exempt ? t('usersPage.staff.exemptShort') : t('usersPage.staff.nonExempt')}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={user.active ? 'green' : 'gray'}>
          {user.active ? t('usersPage.active') : t('usersPage.inactive')}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        {user.roles.length ? (
          <Wrap gap="1">
            {user.roles.map((role) => (
              <Tag.Root key={role.id} size="sm" colorPalette="primary">
                <Tag.Label>{role.name}</Tag.Label>
              </Tag.Root>
            ))}
          </Wrap>
        ) : (
          <Text color="fg.muted">{t('usersPage.noRolesAssigned')}</Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <HStack justify="flex-end" gap="2">
          {onEdit && (
            <Button
              size="xs"
              variant="outline"
              aria-label={t('usersPage.staff.editFor', { name })}
              onClick={() => onEdit(user)}
            >
              {t('usersPage.staff.edit')}
            </Button>
          )}
          {onBadge && user.active && user.type === 'staff' && (
            <Button
              size="xs"
              variant="outline"
              aria-label={t('usersPage.staff.badgeFor', { name })}
              onClick={() => onBadge(user)}
            >
              {t('usersPage.staff.badge')}
            </Button>
          )}
          {onInvite && user.active && (
            <Button
              size="xs"
              variant="outline"
              aria-label={t('usersPage.inviteFor', { name })}
              onClick={() => onInvite(user)}
            >
              {t('usersPage.invite')}
            </Button>
          )}
          <Button
            size="xs"
            variant="outline"
            aria-label={t('usersPage.editRolesFor', { name })}
            onClick={() => onEditRoles(user)}
          >
            {t('usersPage.editRoles')}
          </Button>
          {user.active ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={t('usersPage.deactivateFor', { name })}
              onClick={() => onDeactivate(user)}
            >
              {t('usersPage.deactivate')}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="outline"
              aria-label={t('usersPage.reactivateFor', { name })}
              loading={isReactivating}
              onClick={() => onReactivate(user)}
            >
              {t('usersPage.reactivate')}
            </Button>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

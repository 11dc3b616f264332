/**
 * The users table: sortable by name (surname) and email through the column headers, scrolling sideways on a narrow
 * screen rather than squeezing the role tags.
 */
import { Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '../../../contract/users';
import { SortHeader } from '../../../ui/data/sort-header';
import { UserRow, type UserRowProps } from './user-row';

export interface UsersTableProps extends Omit<UserRowProps, 'user' | 'isReactivating'> {
  users: UserRecord[];
  sort: string;
  onSortChange: (sort: string) => void;
  /** The user whose reactivation is on its way, if any. */
  reactivatingId: string | null;
}

/** One page of users with their roles and actions. */
export function UsersTable({ users, sort, onSortChange, reactivatingId, ...actions }: UsersTableProps) {
  const { t } = useTranslation('admin');
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>{t('usersPage.title')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <SortHeader field="lname" sort={sort} onSortChange={onSortChange}>
              {t('name')}
            </SortHeader>
            <SortHeader field="email" sort={sort} onSortChange={onSortChange}>
              {t('usersPage.email')}
            </SortHeader>
            <Table.ColumnHeader>{t('usersPage.type')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('usersPage.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('roles')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('usersPage.userActions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((user) => (
            <UserRow key={user.id} user={user} isReactivating={reactivatingId === user.id} {...actions} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * What the Users and Roles list shows: a search by name or email, and filters by account type (staff, guardian,
 * scholar), by role and by whether the account is active or deactivated. The
 * values come from the URL (see `use-users-list-state.ts`), so they survive a reload and the back button.
 */
import { Box, NativeSelect, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { USER_TYPES, type UserType } from '../../../contract/auth';
import type { RoleRecord } from '../../../contract/roles';
import { SearchInput } from '../../../ui/data/search-input';
import { USER_STATUSES, type UsersListState } from './use-users-list-state';

export interface UsersFiltersProps {
  state: UsersListState;
  roles: RoleRecord[];
  onChange: (patch: Partial<UsersListState>) => void;
}

const isStatus = (value: string): value is (typeof USER_STATUSES)[number] =>
  USER_STATUSES.some((status) => status === value);

const isUserType = (value: string): value is UserType => USER_TYPES.some((type) => type === value);

/** Search box and the type, role and status filters of the users list. */
export function UsersFilters({ state, roles, onChange }: UsersFiltersProps) {
  const { t } = useTranslation('admin');
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="3">
      <Box flex="2">
        <SearchInput
          value={state.search}
          onSearch={(search) => onChange({ search })}
          label={t('usersPage.search')}
          placeholder={t('usersPage.searchPlaceholder')}
        />
      </Box>
      <NativeSelect.Root flex="1">
        <NativeSelect.Field
          aria-label={t('usersPage.type')}
          value={state.type}
          onChange={(event) => onChange({ type: isUserType(event.target.value) ? event.target.value : '' })}
        >
          <option value="">{t('usersPage.allTypes')}</option>
          {USER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`usersPage.types.${type}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root flex="1">
        <NativeSelect.Field
          aria-label={t('role')}
          value={state.roleId}
          onChange={(event) => onChange({ roleId: event.target.value })}
        >
          <option value="">{t('usersPage.allRoles')}</option>
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root flex="1">
        <NativeSelect.Field
          aria-label={t('usersPage.status')}
          value={state.status}
          onChange={(event) => onChange({ status: isStatus(event.target.value) ? event.target.value : '' })}
        >
          <option value="">{t('usersPage.staff.allStatuses')}</option>
          <option value="active">{t('usersPage.staff.onlyActive')}</option>
          <option value="deactivated">{t('usersPage.staff.onlyDeactivated')}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}

/**
 * What a save will change, in plain words, one line per role ("Front Office: gains Meal records (NSLP) — View all;
 * loses Roles — Create"), with the same resource and action names the matrix shows. It is the body
 * of the save's confirmation, so the administrator reads exactly what is about to be sent.
 */
import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Action, Permission, Resource } from '../../../contract/permissions';
import type { RoleChange } from '../model/permission-changes';

/** The per-role lines of a save. */
export function ChangeSummary({ changes }: { changes: readonly RoleChange[] }) {
  const { t, i18n } = useTranslation('admin');
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const permissionText = (permission: Permission) => {
    const cut = permission.lastIndexOf('-');
    const resource = permission.slice(0, cut) as Resource;
    const action = permission.slice(cut + 1) as Action;
    return `${t(`resources.${resource}`)} — ${t(`actions.${action}`)}`;
  };
  const parts = ({ grant, revoke }: RoleChange) => [
    ...(grant.length ? [t('changes.gains', { list: list.format(grant.map(permissionText)) })] : []),
    ...(revoke.length ? [t('changes.loses', { list: list.format(revoke.map(permissionText)) })] : []),
  ];

  return (
    <Stack as="ul" gap="2" ps="5" listStyleType="disc">
      {changes.map((change) => (
        <Text as="li" key={change.role.id}>
          {t('changes.roleLine', { role: change.role.name, changes: parts(change).join('; ') })}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Export CSV on Users and Roles: every account the list's search, type, role and status find (every page, in the
 * list's order), with their roles, through the shared ExportCsvButton.
 */
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../../api/resource';
import type { UserRecord } from '../../../contract/users';
import { ExportCsvButton, exportCsvTexts } from '../../../ui/data/export-csv-button';
import { adminErrorText } from '../api/admin-error-text';
import { listUsers } from '../api/list-users';

export interface ExportUsersButtonProps {
  /** The list's parameters (its page and page size are the export's own). */
  params: ListParams;
  disabled?: boolean;
}

/** The button and its progress. */
export function ExportUsersButton({ params, disabled }: ExportUsersButtonProps) {
  const { t, i18n } = useTranslation('exports');
  const { t: ta } = useTranslation('admin');
  const { page: _page, per_page: _perPage, ...filtered } = params;
  const toCsv = (records: UserRecord[]) => ({
    fileName: `${t('users.fileName')}.csv`,
    header: [
      t('users.columns.lastName'),
      t('users.columns.firstName'),
      t('users.columns.nickname'),
      t('users.columns.email'),
      t('users.columns.type'),
      t('users.columns.number'),
      t('users.columns.roles'),
      t('users.columns.status'),
      t('users.columns.exempt'),
      t('users.columns.hasPassword'),
      t('users.columns.google'),
    ],
    rows: records.map((u) => [
      u.lname,
      u.fname,
      u.nickname ?? '',
      u.email,
      t(`users.types.${u.type}`),
      u.user_number ?? '',
      u.roles.map((r) => r.name).join('; '),
      t(u.active ? 'values.active' : 'values.deactivated'),
      t(u.exempt ? 'values.yes' : 'values.no'),
      t(u.has_password ? 'values.yes' : 'values.no'),
      t(u.has_google ? 'values.yes' : 'values.no'),
    ]),
  });
  return (
    <ExportCsvButton
      list={listUsers}
      params={filtered}
      toCsv={toCsv}
      disabled={disabled}
      texts={exportCsvTexts(t, i18n.language, (error) => t('export.failed', { message: adminErrorText(error, ta) }))}
    />
  );
}

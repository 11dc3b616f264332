/**
 * Guardians (`/admin/guardians`, `guardianships-view_any`): find the scholars' parents and guardians by name, email or
 * phone (kept in the URL with the page, so the back button brings the same list), open one, or add one; the list as
 * searched (every page) as a CSV file. A list of cards rather than a table, so it reads on a phone. Online only:
 * offline it says so and offers Retry.
 */
import { Badge, Box, Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { GuardianRecord } from '../../../contract/guardians';
import { ExportCsvButton, exportCsvTexts } from '../../../ui/data/export-csv-button';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { SearchInput } from '../../../ui/data/search-input';
import { adminErrorText } from '../api/admin-error-text';
import { guardiansResource } from './api/guardian-resources';
import { useGuardians } from './api/list-guardians';

const PER_PAGE = 25;

/** The screen; `permissions` are the signed-in person's (Add guardian needs guardianships-create). */
export default function GuardiansPage({ permissions = [] }: { permissions?: readonly string[] }) {
  const { t } = useTranslation('guardians');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const guardians = useGuardians({ search: search || undefined, page, per_page: PER_PAGE, sort: 'lname' });
  const go = (next: { search?: string; page?: number }) =>
    setParams(
      () => {
        const out = new URLSearchParams();
        const s = next.search ?? search;
        if (s) out.set('search', s);
        const p = next.search !== undefined ? 1 : (next.page ?? page);
        if (p > 1) out.set('page', String(p));
        return out;
      },
      { replace: next.search !== undefined },
    );
  const rows = guardians.data?.data ?? [];
  return (
    <Stack gap="4" maxW="4xl" minW="0">
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="3">
        <Heading as="h1" size="lg">
          {t('list.title')}
        </Heading>
        {permissions.includes('guardianships-create') && (
          <Button asChild colorPalette="primary" minH="10" alignSelf={{ base: 'stretch', sm: 'auto' }}>
            <RouterLink to="/admin/guardians/new">{t('list.add')}</RouterLink>
          </Button>
        )}
      </Stack>
      <Text color="fg.muted">{t('list.intro')}</Text>
      <ExportGuardians search={search} disabled={!guardians.data?.meta.total} />
      <SearchInput value={search} onSearch={(s) => go({ search: s })} label={t('list.search')} />
      <QueryState
        query={guardians}
        isEmpty={rows.length === 0}
        emptyText={search ? t('list.noMatch') : t('list.empty')}
        offlineText={t('needsConnection')}
      >
        <Box opacity={guardians.isPlaceholderData ? 0.6 : 1} aria-busy={guardians.isFetching || undefined}>
          <Stack as="ul" gap="2" listStyleType="none" p="0" m="0" aria-label={t('list.title')}>
            {rows.map((g) => (
              <GuardianCard key={g.id} guardian={g} />
            ))}
          </Stack>
          <Pager
            page={page}
            perPage={PER_PAGE}
            total={guardians.data?.meta.total ?? 0}
            onPageChange={(p) => go({ page: p })}
          />
        </Box>
      </QueryState>
    </Stack>
  );
}

/** The Export CSV button: every guardian the search finds, in the list's order. */
function ExportGuardians({ search, disabled }: { search: string; disabled: boolean }) {
  const { t, i18n } = useTranslation('exports');
  const { t: ta } = useTranslation('admin');
  const toCsv = (records: GuardianRecord[]) => ({
    fileName: `${t('guardians.fileName')}.csv`,
    header: [
      t('guardians.columns.lastName'),
      t('guardians.columns.firstName'),
      t('guardians.columns.email'),
      t('guardians.columns.phone'),
      t('guardians.columns.language'),
      t('guardians.columns.scholars'),
      t('guardians.columns.status'),
      t('guardians.columns.hasPassword'),
    ],
    rows: records.map((g) => [
      g.lname,
      g.fname,
      g.email,
      g.phone ?? '',
      t(`values.${g.language}`),
      String(g.scholar_count),
      t(g.active ? 'values.active' : 'values.deactivated'),
      t(g.has_password ? 'values.yes' : 'values.no'),
    ]),
  });
  return (
    <ExportCsvButton
      list={guardiansResource.list}
      params={{ search: search || undefined, sort: 'lname' }}
      toCsv={toCsv}
      disabled={disabled}
      texts={exportCsvTexts(t, i18n.language, (error) => t('export.failed', { message: adminErrorText(error, ta) }))}
    />
  );
}

function GuardianCard({ guardian }: { guardian: GuardianRecord }) {
  const { t } = useTranslation('guardians');
  const name = `${guardian.fname} ${guardian.lname}`;
  return (
    <Card.Root as="li" size="sm" variant="outline">
      <Card.Body gap="1">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Link asChild fontWeight="semibold" color="primary.fg">
            <RouterLink to={`/admin/guardians/${guardian.id}`}>{name}</RouterLink>
          </Link>
          <Badge variant="subtle">
            {t('list.scholars')}: {guardian.scholar_count}
          </Badge>
        </HStack>
        <Text fontSize="sm" wordBreak="break-all">
          {guardian.email}
        </Text>
        {guardian.phone && (
          <Text fontSize="sm" color="fg.muted">
            {t('list.phone')}: {guardian.phone}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

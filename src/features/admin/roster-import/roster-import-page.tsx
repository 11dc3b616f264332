/**
 * The roster import (/admin/import, `roster_imports-create`): the school's OneRoster package from its information
 * system, dropped or chosen, read by the server into a preview that writes nothing (what would be created, updated,
 * deactivated or left as it is, the records entered by hand it matches, the rows it cannot use with file, line and
 * reason, downloadable as CSV), the role each kind of new staff account gets, then Apply with a progress bar while
 * the server works, and the imports' history. A school without OneRoster brings a plain CSV instead (csv-upload.tsx);
 * the way out, the roster as a OneRoster package, is at the foot (the page's permission is the administrator's). Offline, nothing can be read or applied: the screen says so.
 */
import { Alert, Box, Button, Heading, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADMINISTRATOR_ROLE,
  MAX_ROSTER_PACKAGE_BYTES,
  ROSTER_COUNT_KINDS,
  ROSTER_OUTCOMES,
  type RosterImportRecord,
  STAFF_ONEROSTER_ROLES,
  type StaffOneRosterRole,
} from '../../../contract';
import { downloadCsv } from '../../../ui/data/csv';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { SelectField } from '../../../ui/form/select-field';
import { dateTimeFormat } from '../../../ui/intl-format';
import { useOnline } from '../../../ui/use-online';
import { adminErrorText } from '../api/admin-error-text';
import { useRoles } from '../api/list-roles';
import {
  applyRosterImport,
  fetchRosterImport,
  fetchRosterImportHistory,
  HISTORY_PER_PAGE,
  rosterImportKeys,
  uploadRosterPackage,
} from '../api/roster-imports';
import { ExportRosterCard } from '../roster-export/export-roster-card';
import { CsvUpload } from './csv-upload';

/** How often the screen asks how far an apply got. */
const POLL_MS = 700;
/** The refused rows shown on the screen; all of them are in the CSV. */
const ERRORS_SHOWN = 50;

export default function RosterImportPage() {
  const { t } = useTranslation('roster-import');
  const [currentId, setCurrentId] = useState<string | null>(null);
  const client = useQueryClient();
  const online = useOnline();
  const current = useQuery({
    queryKey: rosterImportKeys.one(currentId ?? ''),
    queryFn: ({ signal }) => fetchRosterImport(currentId ?? '', signal),
    enabled: Boolean(currentId),
    refetchInterval: (query) => (query.state.data?.status === 'applying' ? POLL_MS : false),
  });
  const record = current.data;
  const showPreview = (preview: RosterImportRecord) => {
    client.setQueryData(rosterImportKeys.one(preview.id), preview);
    setCurrentId(preview.id);
  };
  // The history shows an import once it is applied or failed, and as a preview once uploaded.
  const status = record?.status;
  useEffect(() => {
    if (status) void client.invalidateQueries({ queryKey: ['roster_imports', 'history'] });
  }, [status, client]);

  return (
    <Stack gap="6" maxW="5xl" minW="0">
      <Heading as="h1" size="xl">
        {t('title')}
      </Heading>
      <Text>{t('intro')}</Text>
      {!online && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('offline')}</Alert.Title>
        </Alert.Root>
      )}
      {!record || record.status === 'applied' ? (
        <>
          <UploadCard disabled={!online} onPreview={showPreview} again={record?.status === 'applied'} />
          <CsvUpload disabled={!online} onPreview={showPreview} />
        </>
      ) : null}
      {record && <ImportPanel record={record} onDone={() => setCurrentId(null)} online={online} />}
      <History />
      <ExportRosterCard />
    </Stack>
  );
}

function UploadCard({
  disabled,
  onPreview,
  again,
}: {
  disabled: boolean;
  onPreview: (record: RosterImportRecord) => void;
  again: boolean;
}) {
  const { t } = useTranslation('roster-import');
  const { t: ta } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useMutation({
    mutationFn: uploadRosterPackage,
    onSuccess: (record) => {
      setError(null);
      onPreview(record);
    },
    onError: (err) => setError(toFieldErrors(err).file ?? adminErrorText(err, ta)),
  });
  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > MAX_ROSTER_PACKAGE_BYTES) {
      setError(t('upload.tooLarge'));
      return;
    }
    upload.mutate(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) choose(event.dataTransfer.files[0]);
  };
  return (
    <Stack
      as="section"
      aria-labelledby="roster-upload-title"
      gap="3"
      p={{ base: '4', md: '6' }}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={dragging ? 'primary.solid' : 'border'}
      borderRadius="lg"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <Heading as="h2" size="md" id="roster-upload-title">
        {again ? t('upload.againTitle') : t('upload.title')}
      </Heading>
      <Text>{t('upload.hint')}</Text>
      <input
        ref={input}
        type="file"
        name="file"
        accept=".zip,application/zip"
        aria-label={t('upload.choose')}
        style={{ display: 'none' }}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <HStack gap="3" wrap="wrap">
        <Button
          minH="11"
          colorPalette="primary"
          loading={upload.isPending}
          loadingText={t('upload.reading')}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {t('upload.choose')}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {t('upload.drop')}
        </Text>
      </HStack>
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}

function ImportPanel({ record, onDone, online }: { record: RosterImportRecord; onDone: () => void; online: boolean }) {
  const { t } = useTranslation('roster-import');
  return (
    <Stack as="section" aria-labelledby="roster-preview-title" gap="5">
      <Heading as="h2" size="md" id="roster-preview-title">
        {record.status === 'previewed'
          ? t('preview.title', { file: record.file_name ?? '' })
          : t(`status.${record.status}`, { file: record.file_name ?? '' })}
      </Heading>
      {record.status === 'applying' && <ApplyProgress record={record} />}
      {record.status === 'applied' && (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{t('applied')}</Alert.Title>
        </Alert.Root>
      )}
      {record.status === 'failed' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{record.failure ?? t('failed')}</Alert.Description>
        </Alert.Root>
      )}
      <CountsTable record={record} />
      {record.matched.length > 0 && <Matched record={record} />}
      <RefusedRows record={record} />
      {(record.status === 'previewed' || record.status === 'failed') && (
        <ApplyForm record={record} onCancel={onDone} online={online} />
      )}
    </Stack>
  );
}

function ApplyProgress({ record }: { record: RosterImportRecord }) {
  const { t } = useTranslation('roster-import');
  const { done, total } = record.progress;
  const value = total ? Math.round((done / total) * 100) : null;
  return (
    <Progress.Root value={value} max={100} colorPalette="primary">
      <HStack justify="space-between">
        <Progress.Label>{t('progress.label')}</Progress.Label>
        <Progress.ValueText>{t('progress.value', { done, total })}</Progress.ValueText>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

function CountsTable({ record }: { record: RosterImportRecord }) {
  const { t } = useTranslation('roster-import');
  const tense = record.status === 'applied' ? 'done' : 'will';
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('counts.label')}>
      <Table.Root size="sm">
        <Table.Caption>{t('counts.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{t('counts.kind')}</Table.ColumnHeader>
            {ROSTER_OUTCOMES.map((outcome) => (
              <Table.ColumnHeader key={outcome} scope="col" textAlign="end">
                {t(`counts.${tense}.${outcome}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {ROSTER_COUNT_KINDS.map((kind) => (
            <Table.Row key={kind}>
              <Table.Cell>
                <Text as="span" fontWeight="medium">
                  {t(`kinds.${kind}`)}
                </Text>
              </Table.Cell>
              {ROSTER_OUTCOMES.map((outcome) => (
                <Table.Cell key={outcome} textAlign="end">
                  {record.counts[kind][outcome].toLocaleString()}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Matched({ record }: { record: RosterImportRecord }) {
  const { t } = useTranslation('roster-import');
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {t('matched.title', { count: record.matched.length })}
      </Heading>
      <Text fontSize="sm">{t('matched.hint')}</Text>
      <Box as="ul" ps="5" fontSize="sm">
        {record.matched.slice(0, ERRORS_SHOWN).map((m) => (
          <li key={`${m.kind}:${m.value}:${m.name}`}>{t(`matched.${m.by}`, { name: m.name, value: m.value })}</li>
        ))}
      </Box>
    </Stack>
  );
}

function RefusedRows({ record }: { record: RosterImportRecord }) {
  const { t } = useTranslation('roster-import');
  if (!record.errors.length)
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('errors.none')}
      </Text>
    );
  const download = () =>
    downloadCsv(
      `${t('errors.fileName')}.csv`,
      [t('errors.file'), t('errors.line'), t('errors.column'), t('errors.reason')],
      record.errors.map((e) => [e.file, e.line === null ? '' : String(e.line), e.column ?? '', e.message]),
    );
  return (
    <Stack gap="2">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h3" size="sm">
          {t('errors.title', { count: record.errors.length })}
        </Heading>
        <Button size="sm" minH="10" variant="outline" onClick={download}>
          {t('errors.download')}
        </Button>
      </HStack>
      <Text fontSize="sm">{t('errors.hint')}</Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('errors.label')}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">{t('errors.file')}</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                {t('errors.line')}
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col">{t('errors.reason')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {record.errors.slice(0, ERRORS_SHOWN).map((e, i) => (
              <Table.Row key={`${e.file}:${e.line}:${e.column}:${i}`}>
                <Table.Cell>{e.file}</Table.Cell>
                <Table.Cell textAlign="end">{e.line ?? ''}</Table.Cell>
                <Table.Cell minW="15rem">{e.column ? `${e.column}: ${e.message}` : e.message}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {record.errors.length > ERRORS_SHOWN && (
        <Text fontSize="sm">{t('errors.more', { count: record.errors.length - ERRORS_SHOWN })}</Text>
      )}
    </Stack>
  );
}

function ApplyForm({
  record,
  onCancel,
  online,
}: {
  record: RosterImportRecord;
  onCancel: () => void;
  online: boolean;
}) {
  const { t } = useTranslation('roster-import');
  const { t: ta } = useTranslation('admin');
  const client = useQueryClient();
  const roles = useRoles();
  const choices = useMemo(
    () =>
      (roles.data ?? [])
        .filter((r) => r.name.toLowerCase() !== ADMINISTRATOR_ROLE.toLowerCase())
        .map((r): [string, string] => [r.id, r.name]),
    [roles.data],
  );
  const staffRole = choices.find(([, name]) => name.toLowerCase() === 'staff')?.[0] ?? choices[0]?.[0] ?? '';
  const [chosen, setChosen] = useState<Partial<Record<StaffOneRosterRole, string>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const wanted = STAFF_ONEROSTER_ROLES.filter((role) => (record.staff_roles[role] ?? 0) > 0);
  const apply = useMutation({
    mutationFn: () =>
      applyRosterImport(
        record.id,
        Object.fromEntries(wanted.map((role) => [role, chosen[role] ?? staffRole]).filter(([, id]) => id)),
      ),
    onSuccess: (started) => client.setQueryData(rosterImportKeys.one(started.id), started),
    onError: (err) => {
      const fields = toFieldErrors(err);
      setErrors(fields);
      setFailure(Object.keys(fields).length ? null : adminErrorText(err, ta));
    },
  });
  return (
    <Stack
      gap="4"
      as="form"
      onSubmit={(e) => {
        e.preventDefault();
        apply.mutate();
      }}
      aria-label={t('apply.label')}
    >
      {wanted.length > 0 && (
        <Stack gap="3">
          <Heading as="h3" size="sm">
            {t('roles.title')}
          </Heading>
          <Text fontSize="sm">{t('roles.hint')}</Text>
          <QueryState query={roles} isEmpty={!choices.length} emptyText={t('roles.none')} skeletonRows={1}>
            <Stack gap="3" direction={{ base: 'column', md: 'row' }}>
              {wanted.map((role) => (
                <SelectField
                  key={role}
                  w={{ base: 'full', md: '15rem' }}
                  label={t(`roles.${role}`, { count: record.staff_roles[role] ?? 0 })}
                  value={chosen[role] ?? staffRole}
                  choices={choices}
                  onChange={(id) => setChosen((c) => ({ ...c, [role]: id }))}
                  error={errors[`roles.${role}`]}
                />
              ))}
            </Stack>
          </QueryState>
        </Stack>
      )}
      {failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{failure}</Alert.Description>
        </Alert.Root>
      )}
      <HStack gap="3" wrap="wrap">
        <Button type="submit" minH="11" colorPalette="primary" loading={apply.isPending} disabled={!online}>
          {record.status === 'failed' ? t('apply.again') : t('apply.button')}
        </Button>
        <Button minH="11" variant="ghost" onClick={onCancel} disabled={apply.isPending}>
          {t('apply.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}

function History() {
  const { t, i18n } = useTranslation('roster-import');
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: rosterImportKeys.history(page),
    queryFn: ({ signal }) => fetchRosterImportHistory(page, signal),
    // The page shown stays on screen while the next one loads (TanStack Query's option of that name).
    placeholderData: keepPreviousData,
  });
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const summary = (r: RosterImportRecord) =>
    ROSTER_COUNT_KINDS.map((kind) => {
      const c = r.counts[kind];
      return t('history.count', {
        kind: t(`kinds.${kind}`),
        create: c.create,
        update: c.update,
        deactivate: c.deactivate,
      });
    }).join(' · ');
  return (
    <Stack as="section" aria-labelledby="roster-history-title" gap="3">
      <Heading as="h2" size="md" id="roster-history-title">
        {t('history.title')}
      </Heading>
      <QueryState query={history} isEmpty={!history.data?.data.length} emptyText={t('history.empty')}>
        <Table.ScrollArea
          borderWidth="1px"
          borderRadius="md"
          tabIndex={0}
          role="region"
          aria-label={t('history.title')}
        >
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('history.when')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('history.who')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('history.status')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('history.counts')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {history.data?.data.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell whiteSpace="nowrap">{format.format(new Date(r.applied_at ?? r.created_at))}</Table.Cell>
                  <Table.Cell>{(r.applied_by ?? r.created_by)?.name ?? ''}</Table.Cell>
                  <Table.Cell>{t(`history.statuses.${r.status}`)}</Table.Cell>
                  <Table.Cell minW="18rem" fontSize="xs">
                    {r.file_name && (
                      <Text as="span" display="block" fontWeight="medium">
                        {r.file_name}
                      </Text>
                    )}
                    {summary(r)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Pager page={page} perPage={HISTORY_PER_PAGE} total={history.data?.meta.total ?? 0} onPageChange={setPage} />
      </QueryState>
    </Stack>
  );
}

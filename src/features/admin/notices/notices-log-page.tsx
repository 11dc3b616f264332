/**
 * The delivery log (`/admin/notices`, `notices-view_any`): each notice the server wrote for a family in the last 30
 * days, newest first: what it said, to whom, by which channel, and whether it was sent, failed, skipped, cancelled or
 * is still waiting, with the reason in plain words. Filters by kind, status and channel and a search by the person's
 * name or email live in the URL, so a reload or the back button brings the same list. Cards rather than a table, so
 * it reads on a phone. Online only: offline it says so and offers Retry.
 */
import { Badge, Box, Card, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { resourceApi } from '../../../api/resource';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import {
  NOTICE_CHANNELS,
  NOTICE_LOG_DAYS,
  NOTICE_LOG_KINDS,
  NOTICE_STATUSES,
  type NoticeRecord,
  type NoticeStatus,
} from '../../../contract/notices';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { SearchInput } from '../../../ui/data/search-input';
import { dateTimeFormat } from '../../../ui/intl-format';

const PER_PAGE = 25;

export const noticesResource = resourceApi<NoticeRecord, never, never>('v2/notices');

/** The filters the URL keeps, each with the values the server accepts. */
const FILTERS = { kind: NOTICE_LOG_KINDS, status: NOTICE_STATUSES, channel: NOTICE_CHANNELS } as const;
type FilterName = keyof typeof FILTERS;

const STATUS_PALETTE: Record<NoticeStatus, string> = {
  pending: 'blue',
  sent: 'green',
  failed: 'red',
  skipped: 'gray',
  cancelled: 'gray',
};

/** A value of the URL kept only when the server knows it (a hand-edited URL does not make the list fail). */
const known = (name: FilterName, value: string | null) =>
  value && (FILTERS[name] as readonly string[]).includes(value) ? value : '';

export default function NoticesLogPage() {
  const { t } = useTranslation('notices-log');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = {
    kind: known('kind', params.get('kind')),
    status: known('status', params.get('status')),
    channel: known('channel', params.get('channel')),
  };
  const query = { search: search || undefined, page, per_page: PER_PAGE, filter };
  const notices = useQuery({
    queryKey: noticesResource.keys.list(query),
    queryFn: ({ signal }) => noticesResource.list(query, signal),
    placeholderData: keepPreviousData,
  });
  /** A new search or filter starts again at the first page; a page change keeps the rest. */
  const go = (next: Partial<Record<FilterName | 'search', string>> & { page?: number }) =>
    setParams(
      () => {
        const out = new URLSearchParams();
        const merged = { search, ...filter, ...next };
        for (const key of ['search', 'kind', 'status', 'channel'] as const) if (merged[key]) out.set(key, merged[key]);
        const p = next.page ?? (Object.keys(next).length ? 1 : page);
        if (p > 1) out.set('page', String(p));
        return out;
      },
      { replace: next.search !== undefined },
    );
  const label = (name: FilterName, value: string) => {
    if (name === 'kind') return t(`kind.${value as NoticeRecord['kind']}`);
    if (name === 'status') return t(`status.${value as NoticeStatus}`);
    return t(`channel.${value as NonNullable<NoticeRecord['channel']>}`);
  };
  const rows = notices.data?.data ?? [];
  const filtered = Boolean(search || filter.kind || filter.status || filter.channel);
  return (
    <Stack gap="4" maxW="4xl" minW="0">
      <Heading as="h1" size="lg">
        {t('title')}
      </Heading>
      <Text color="fg.muted">{t('intro', { days: NOTICE_LOG_DAYS })}</Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3">
        <Box flex="2">
          <SearchInput value={search} onSearch={(s) => go({ search: s })} label={t('search')} />
        </Box>
        {(Object.keys(FILTERS) as FilterName[]).map((name) => (
          <NativeSelect.Root key={name} flex="1">
            <NativeSelect.Field
              aria-label={t(`filters.${name}`)}
              value={filter[name]}
              onChange={(event) => go({ [name]: event.target.value })}
            >
              <option value="">{t(`filters.all.${name}`)}</option>
              {FILTERS[name].map((value) => (
                <option key={value} value={value}>
                  {label(name, value)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ))}
      </Stack>
      <QueryState
        query={notices}
        isEmpty={rows.length === 0}
        emptyText={filtered ? t('noMatch') : t('empty')}
        offlineText={t('needsConnection')}
      >
        <Box opacity={notices.isPlaceholderData ? 0.6 : 1} aria-busy={notices.isFetching || undefined}>
          <Stack as="ul" gap="2" listStyleType="none" p="0" m="0" aria-label={t('title')}>
            {rows.map((n) => (
              <NoticeCard key={n.id} notice={n} />
            ))}
          </Stack>
          <Pager
            page={page}
            perPage={PER_PAGE}
            total={notices.data?.meta.total ?? 0}
            onPageChange={(p) => go({ page: p })}
          />
        </Box>
      </QueryState>
    </Stack>
  );
}

function NoticeCard({ notice }: { notice: NoticeRecord }) {
  const { t, i18n } = useTranslation('notices-log');
  // On the school's clock, as every time the school's records show.
  const format = dateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: useSchoolTimeZone(),
  });
  const when = (iso: string) => format.format(new Date(iso));
  const to = notice.recipient_name ?? notice.recipient_email ?? t('unknownPerson');
  return (
    <Card.Root as="li" size="sm" variant="outline">
      <Card.Body gap="1">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold">{t(`kind.${notice.kind}`)}</Text>
          <HStack gap="2" wrap="wrap">
            {notice.channel && <Badge variant="outline">{t(`channel.${notice.channel}`)}</Badge>}
            <Badge variant="subtle" colorPalette={STATUS_PALETTE[notice.status]}>
              {t(`status.${notice.status}`)}
            </Badge>
          </HStack>
        </HStack>
        <Text fontSize="sm" wordBreak="break-word">
          {t('to', { name: to })}
          {notice.recipient_email && notice.recipient_name ? ` · ${notice.recipient_email}` : ''}
        </Text>
        <Text fontSize="sm">
          <Text as="span" fontWeight="medium">
            {notice.title}
          </Text>
          {notice.body ? ` ${notice.body}` : ''}
        </Text>
        {notice.reason && (
          <Text fontSize="sm" color={notice.status === 'failed' ? 'fg.error' : 'fg.muted'}>
            {notice.reason}
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted">
          {t('happened', { when: when(notice.occurred_at) })}
          {notice.sent_at ? ` · ${t('sentAt', { when: when(notice.sent_at) })}` : ''}
          {notice.status === 'sent' && notice.channel === 'push'
            ? ` · ${t('devices', { count: notice.devices_reached })}`
            : ''}
          {notice.attempts > 1 ? ` · ${t('attempts', { count: notice.attempts })}` : ''}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

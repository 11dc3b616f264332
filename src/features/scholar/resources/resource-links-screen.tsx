/**
 * The screen Scholar Resources and Library share: the school's links for the scholar's grade,
 * grouped by subject, with a search box that filters as one types (on the device: the list is small, and it works on
 * the copy kept offline too). Each link opens in a new tab, without telling the site where it came from (noreferrer).
 */
import {
  Button,
  EmptyState,
  Heading,
  Input,
  LinkBox,
  LinkOverlay,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalResource, PortalResourcesResponse, ResourceKind } from '../../../contract/scholar-portal';
import { QueryState } from '../../../ui/data/query-state';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { usePortal } from '../portal-context';
import { groupBySubject, searchLinks } from './model/links';

export interface ResourceLinksScreenProps {
  kind: ResourceKind;
  /** The screen's h1. */
  title: string;
}

const NO_LINKS: readonly PortalResource[] = [];

/** One link: its title opens it, its description under it. */
function LinkItem({ link }: { link: PortalResource }) {
  const { t } = useTranslation('portal-calendar');
  return (
    <LinkBox as="li" p="3" borderWidth="1px" borderColor="border" borderRadius="md" _hover={{ bg: 'bg.muted' }}>
      <LinkOverlay
        href={link.url}
        target="_blank"
        rel="noreferrer"
        fontWeight="medium"
        color="fg.info"
        textDecoration="underline"
        overflowWrap="anywhere"
      >
        {link.title} <span aria-hidden>↗</span> <VisuallyHidden>{t('links.opensInNewTab')}</VisuallyHidden>
      </LinkOverlay>
      {link.description && (
        <Text fontSize="sm" color="fg.muted" mt="1" whiteSpace="pre-wrap" overflowWrap="anywhere">
          {link.description}
        </Text>
      )}
    </LinkBox>
  );
}

/** The screen of one kind of links. */
export function ResourceLinksScreen({ kind, title }: ResourceLinksScreenProps) {
  const { t, i18n } = useTranslation('portal-calendar');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const { userId, scholar } = usePortal();
  const query = usePortalQuery<PortalResourcesResponse>(
    userId,
    `v2/scholar/scholars/${scholar.id}/resources?kind=${kind}`,
  );
  const [search, setSearch] = useState('');
  // Typing stays quick on a slow phone: the list redraws when the phone has a moment.
  const deferred = useDeferredValue(search);
  const links = query.data?.data.data ?? NO_LINKS;
  const groups = useMemo(() => groupBySubject(searchLinks(links, deferred), locale), [links, deferred, locale]);
  const shown = groups.reduce((n, g) => n + g.links.length, 0);
  const texts = kind === 'library' ? 'library' : 'resources';

  return (
    <Stack gap="4" maxW="3xl">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <AsOfNotice fetchedAt={query.data?.fetchedAt} fromDevice={query.data?.fromDevice} />
      <QueryState query={query} isEmpty={links.length === 0} emptyText={t(`${texts}.empty`)}>
        <Stack gap="4">
          <Input
            type="search"
            aria-label={t(`${texts}.searchLabel`)}
            // The input's placeholder hints at what the search reads; the box's name is its aria-label.
            placeholder={t(`${texts}.searchHint`)}
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
          />
          <VisuallyHidden aria-live="polite">{search.trim() ? t('links.count', { count: shown }) : ''}</VisuallyHidden>
          {groups.length === 0 ? (
            <EmptyState.Root size="sm">
              <EmptyState.Content>
                <EmptyState.Description>{t('links.noMatch', { search: search.trim() })}</EmptyState.Description>
                <Button size="sm" variant="outline" onClick={() => setSearch('')}>
                  {t('links.clearSearch')}
                </Button>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            groups.map((group, i) => (
              <Stack as="section" key={group.subject} gap="2" aria-labelledby={`${kind}-subject-${i}`}>
                <Heading as="h2" size="md" id={`${kind}-subject-${i}`}>
                  {group.subject}
                </Heading>
                <Stack as="ul" gap="2" listStyleType="none" p="0" m="0">
                  {group.links.map((link) => (
                    <LinkItem key={link.id} link={link} />
                  ))}
                </Stack>
              </Stack>
            ))
          )}
        </Stack>
      </QueryState>
    </Stack>
  );
}

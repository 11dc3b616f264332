/** One sync's last run: when, how, what it did (counts) and what went wrong (errors). */
import { Alert, Badge, Box, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { GoogleSyncRun } from '../../contract/google-sync';
import { dateTimeFormat } from '../../ui/intl-format';

const STATUS_PALETTE = { running: 'blue', succeeded: 'green', failed: 'red' } as const;

/** A run's start as the school reads it (the browser's zone: an administrator's desk is at the school). */
export function useRunTime() {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : '');
}

export function RunStatusBadge({ run }: { run: GoogleSyncRun }) {
  const { t } = useTranslation('google-sync');
  return <Badge colorPalette={STATUS_PALETTE[run.status]}>{t(`status.${run.status}`)}</Badge>;
}

/** The counts of a run in words ("Courses: 3"); names the screen has no words for are shown as they are. */
export function RunCounts({ counts }: { counts: Record<string, number> }) {
  const { t, i18n } = useTranslation('google-sync');
  const entries = Object.entries(counts);
  if (!entries.length) return null;
  return (
    <Box as="dl" display="grid" gridTemplateColumns="auto auto" columnGap="4" rowGap="1" fontSize="sm">
      {entries.map(([name, n]) => (
        <Box key={name} display="contents">
          <Text as="dt" color="fg.muted">
            {i18n.exists(`google-sync:counts.${name}`) ? t(`counts.${name}` as 'counts.courses') : name}
          </Text>
          <Text as="dd" textAlign="end">
            {n}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

export interface RunCardProps {
  kind: 'classroom' | 'calendar';
  run: GoogleSyncRun | null;
  enabled: boolean;
}

export function RunCard({ kind, run, enabled }: RunCardProps) {
  const { t } = useTranslation('google-sync');
  const time = useRunTime();
  return (
    <Card.Root flex="1" minW={{ base: 'full', md: '72' }}>
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md">
            {t(`kinds.${kind}`)}
          </Heading>
          {!enabled && <Text color="fg.muted">{t('off')}</Text>}
          {run ? (
            <>
              <Stack direction="row" gap="2" align="center" wrap="wrap">
                <RunStatusBadge run={run} />
                <Text fontSize="sm">{t('lastRun', { time: time(run.started_at), mode: t(`modes.${run.mode}`) })}</Text>
              </Stack>
              {run.finished_at && <Text fontSize="sm">{t('finished', { time: time(run.finished_at) })}</Text>}
              <RunCounts counts={run.counts} />
              {run.errors.length > 0 && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{t('errors', { count: run.errors.length })}</Alert.Title>
                    <Alert.Description>
                      {/* A plain list: the theme has no recipe for Chakra's List (src/ui/theme/system.test.ts). */}
                      <Box as="ul" ps="4" listStyleType="disc">
                        {run.errors.map((e) => (
                          <Box as="li" key={e} wordBreak="break-word">
                            {e}
                          </Box>
                        ))}
                      </Box>
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
            </>
          ) : (
            <Text color="fg.muted">{t('neverRun')}</Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

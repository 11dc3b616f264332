/**
 * The sync indicator of the app bar: online or offline (icon and word, never colour alone), how
 * many entries wait to be sent, how many need attention (red), when the device last reached the server, how old the
 * roster is once it is older than 15 minutes, and a progress bar while a large send is under way. It is the button
 * that opens the device panel; the panel's code (a drawer, the lists and forms) loads the first time it opens.
 *
 * The app bar loads this module lazily, once the offline layer is there: it is not part of the first paint.
 */
import { Badge, Box, type BoxProps, Button, Flex, Progress, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../station/use-now';
import { QuietBoundary } from './quiet-boundary';
import { SyncAnnouncer } from './sync-announcer';
import { AttentionIcon, OfflineIcon, OnlineIcon } from './sync-icons';
import type { AppInfo, SyncSource } from './sync-source';
import { syncSummary } from './sync-texts';

const loadPanel = () => import('./device-panel');
const DevicePanel = lazy(() => loadPanel().then((module) => ({ default: module.DevicePanel })));

export interface SyncIndicatorProps {
  source: SyncSource;
  app: AppInfo;
}

/**
 * A dot between two facts, drawn rather than typed: a '·' character would be part of the visible text, which the
 * button's name must contain word for word (WCAG 2.5.3, label in name).
 */
function Separator(props: BoxProps) {
  return (
    <Box as="span" aria-hidden="true" w="1" h="1" borderRadius="full" bg="currentColor" flexShrink={0} {...props} />
  );
}

/** The app bar's sync status; a button that opens the device panel. */
export function SyncIndicator({ source, app }: SyncIndicatorProps) {
  const { t } = useTranslation('sync');
  const status = source.useSyncStatus();
  const now = useNow(30_000);
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const summary = syncSummary(t, status, now);
  const spoken = [summary.connection, summary.waiting, summary.attention, summary.lastSync, summary.roster];
  const prefetch = () => {
    loadPanel().catch(() => {
      // Reported by the boundary when the person actually opens the panel.
    });
  };

  return (
    <Flex align="center" gap="2" flexShrink={0}>
      <Button
        variant="ghost"
        color="inherit"
        h="auto"
        minH="8"
        py="1"
        // The name starts with the words the button shows (WCAG 2.5.3, label in name), then says what it opens.
        aria-label={`${spoken.filter(Boolean).join(', ')}. ${t('openPanel')}`}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        {/*
          The {' '} between the parts: a flex box does not draw a space made only of white space, but the button's
          visible text (what tools compare with its name, WCAG 2.5.3) then reads "Online All sent", not "OnlineAll sent".
        */}
        <Flex direction="column" align="start" lineHeight="short">
          <Flex align="center" gap="1.5" fontSize="sm">
            {status.online ? <OnlineIcon /> : <OfflineIcon />}
            {/* On a phone the bar has room for the icon and the counts only; the button's name says it all. */}
            <Box as="span" hideBelow="sm">
              {summary.connection}
            </Box>{' '}
            <Separator hideBelow="sm" />
            <Box as="span" hideBelow="sm">
              {summary.waiting}
            </Box>{' '}
            {status.waiting > 0 && (
              <Box as="span" hideFrom="sm">
                {status.waiting}
              </Box>
            )}{' '}
            {summary.attention && (
              <Badge colorPalette="red" variant="solid" gap="1">
                <AttentionIcon />
                <Box as="span" hideBelow="sm">
                  {summary.attention}
                </Box>{' '}
                <Box as="span" hideFrom="sm">
                  {status.attention}
                </Box>
              </Badge>
            )}
          </Flex>{' '}
          <Flex
            as="span"
            align="center"
            gap="1.5"
            fontSize="xs"
            fontWeight="normal"
            display={{ base: 'none', md: 'flex' }}
          >
            <Text as="span">{summary.lastSync}</Text>{' '}
            {summary.roster && (
              <>
                <Separator />
                <Text as="span">{summary.roster}</Text>
              </>
            )}
          </Flex>
        </Flex>
      </Button>
      {summary.progress && (
        <Progress.Root
          value={summary.progress.sent}
          max={summary.progress.total}
          translations={{ value: () => summary.progress?.label ?? '' }}
          size="sm"
          w={{ base: '10', sm: '20' }}
          colorPalette="gray"
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <SyncAnnouncer
        changeKey={`${status.online}|${status.waiting}|${status.attention}`}
        message={[summary.connection, summary.waiting, summary.attention].filter(Boolean).join('. ')}
      />
      {wasOpened && (
        <QuietBoundary>
          <Suspense fallback={null}>
            <DevicePanel source={source} app={app} open={isOpen} onClose={() => setOpen(false)} />
          </Suspense>
        </QuietBoundary>
      )}
    </Flex>
  );
}

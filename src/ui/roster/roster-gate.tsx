/**
 * The states of a station screen that works from the device's roster (STYLE.md, "Errors and states"): reading it,
 * waiting for the first download ('Downloading the roster…'), offline before any download, an empty roster, and a
 * failure to read the device's database (an error boundary, since the live queries throw while rendering). Once the
 * roster is there, offline is not an error: a notice says so in the screen's own words, with the roster's age.
 * Shared by the stations (check-in, meals, sign-out), whose day hooks report a `RosterStatus`.
 */
import { Alert, Button, EmptyState, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Component, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchoolTimeZone } from '../../api/school-time-zone';
import { dateTimeFormat, stationDateTimeOptions } from '../intl-format';
import { TOUCH_FEEDBACK } from '../station/touch-feedback';

/** Where a station's roster is. */
export type RosterStatus = 'loading' | 'downloading' | 'offline-no-data' | 'empty' | 'ready';

function Waiting({ text }: { text: string }) {
  return (
    <HStack role="status" gap="3" py="10" justify="center">
      <Spinner size="lg" />
      <Text fontSize="xl">{text}</Text>
    </HStack>
  );
}

/** Renders its children once the roster is on the device; otherwise the state it is in. */
export function RosterGate({ day, children }: { day: { status: RosterStatus }; children: ReactNode }) {
  const { t } = useTranslation();
  switch (day.status) {
    case 'loading':
      return <Waiting text={t('states.loading')} />;
    case 'downloading':
      return <Waiting text={t('roster.downloading')} />;
    case 'offline-no-data':
      return (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('roster.offlineNoData')}</Alert.Description>
        </Alert.Root>
      );
    case 'empty':
      return (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Description>{t('roster.empty')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      );
    default:
      return children;
  }
}

/**
 * The offline notice and the roster's age, above a screen's content. Memoised on what it shows: a station renders on
 * every change of its live lists (each tap), and this need not render with it.
 */
export const StationNotices = memo(
  function StationNotices({
    day,
    offlineText,
  }: {
    day: { online: boolean; snapshotAt: number | Date | null };
    /** What offline means on this screen (that entries wait on the device, or that it needs the connection). */
    offlineText: string;
  }) {
    const { t, i18n } = useTranslation();
    const timeZone = useSchoolTimeZone();
    // In the header's words ("Tuesday, November 17 at 11:40 AM"), on the school's clock like the header.
    const updated =
      day.snapshotAt === null
        ? null
        : dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, stationDateTimeOptions(timeZone)).format(
            day.snapshotAt,
          );
    return (
      <Stack gap="2">
        {!day.online && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{offlineText}</Alert.Description>
          </Alert.Root>
        )}
        {updated && (
          <Text fontSize="sm" color="fg.muted">
            {t('roster.updatedAt', { time: updated })}
          </Text>
        )}
      </Stack>
    );
  },
  (before, after) =>
    before.offlineText === after.offlineText &&
    before.day.online === after.day.online &&
    Number(before.day.snapshotAt) === Number(after.day.snapshotAt),
);

/**
 * A station screen: its title, then its live part (which reads the device's database) under the data boundary. The
 * title is outside the live part, so the renders that follow each tap and each sync do not render it again.
 */
export function StationScreen({ title, maxW, children }: { title: string; maxW: string; children: ReactNode }) {
  return (
    <Stack gap="4" maxW={maxW} mx="auto" css={TOUCH_FEEDBACK}>
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <LocalDataBoundary>{children}</LocalDataBoundary>
    </Stack>
  );
}

function ReadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" alignItems="center">
      <Alert.Indicator />
      <Alert.Description>{t('roster.readError')}</Alert.Description>
      <Button size="sm" minH="11" variant="outline" onClick={onRetry}>
        {t('states.retry')}
      </Button>
    </Alert.Root>
  );
}

/** Catches a failure to read the device's database (blocked, storage refused) and offers to try again. */
export class LocalDataBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <ReadError onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}

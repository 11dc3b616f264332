/**
 * "Export the roster (OneRoster 1.1)": a card that downloads the school's roster as a OneRoster 1.1 bulk zip (the
 * format student information systems and learning apps read), for the school settings and the roster import screens.
 * The button is busy while the server builds the file; a failure stays on the card with the reason until the next try;
 * without a connection the card says so and the button waits. Shown only to those holding `roster_imports-view_any`
 * (the screen that mounts it decides; the server checks again).
 */
import { Alert, Card, Heading, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addNotification } from '../../../ui/notifications';
import { RunButton } from '../../../ui/run-button';
import { useOnline } from '../../../ui/use-online';
import { adminErrorText } from '../api/admin-error-text';
import { downloadRosterExport } from './download-roster-export';

/** The card. */
export function ExportRosterCard() {
  const { t } = useTranslation('exports', { keyPrefix: 'roster' });
  const { t: ta } = useTranslation('admin');
  const online = useOnline();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = async () => {
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setFailure(null);
    try {
      const file = await downloadRosterExport(controller.signal);
      addNotification({ type: 'success', text: t('done', { file }) });
    } catch (error) {
      if (!controller.signal.aborted) setFailure(t('failed', { message: adminErrorText(error, ta) }));
    } finally {
      if (running.current === controller) {
        running.current = null;
        setBusy(false);
      }
    }
  };

  return (
    <Card.Root as="section" variant="outline" aria-labelledby={titleId}>
      <Card.Body gap="3">
        <Heading as="h2" size="md" id={titleId}>
          {t('title')}
        </Heading>
        <Text>{t('intro')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('privacy')}
        </Text>
        {!online && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>{t('offline')}</Alert.Description>
          </Alert.Root>
        )}
        <RunButton
          onClick={run}
          busy={busy}
          disabled={!online}
          label={t('button')}
          busyLabel={t('busy')}
          busyHint={t('busyHint')}
          failure={failure}
        />
      </Card.Body>
    </Card.Root>
  );
}

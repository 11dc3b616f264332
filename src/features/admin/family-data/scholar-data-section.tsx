/**
 * The scholar page's "Family data" section, for administrators: "Download their data" (one zip of everything the
 * school holds about the scholar) and, once the scholar is withdrawn, "Erase their data…" (the erase dialog). After
 * an erase the scholar is gone: the page moves to the family data screen, whose log lists the erase.
 */
import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DemographicRecord } from '../../../contract/demographics';
import { SCHOLAR_DATA_PERMISSIONS } from '../../../contract/scholar-data';
import { addNotification } from '../../../ui/notifications';
import { useOnline } from '../../../ui/use-online';
import { adminErrorText } from '../api/admin-error-text';
import { scholarsResource } from '../api/scholars';
import { downloadScholarData, familyDataKeys } from './api/family-data';
import { EraseDialog } from './erase-dialog';

export function ScholarDataSection({
  scholar,
  permissions,
}: {
  scholar: DemographicRecord;
  permissions: readonly string[];
}) {
  const { t } = useTranslation('family-data');
  const { t: ta } = useTranslation('admin');
  const client = useQueryClient();
  const navigate = useNavigate();
  const online = useOnline();
  const [erasing, setErasing] = useState(false);
  const mayExport = permissions.includes(SCHOLAR_DATA_PERMISSIONS.export);
  const mayErase = permissions.includes(SCHOLAR_DATA_PERMISSIONS.erase);
  const download = useMutation({
    mutationFn: () => downloadScholarData(scholar.id),
    onSuccess: (file) => addNotification({ type: 'success', text: t('section.downloaded', { file }) }),
    onError: (error) =>
      addNotification({ type: 'error', text: t('section.downloadFailed', { reason: adminErrorText(error, ta) }) }),
  });
  if (!mayExport && !mayErase) return null;
  return (
    <Stack as="section" aria-labelledby="scholar-family-data" gap="3">
      <Heading as="h2" size="md" id="scholar-family-data">
        {t('section.title')}
      </Heading>
      <Text>{t('section.help')}</Text>
      {mayErase && <Text color="fg.muted">{t(scholar.active ? 'section.enrolledHelp' : 'section.eraseHelp')}</Text>}
      <HStack gap="3" wrap="wrap">
        {mayExport && (
          <Button
            variant="outline"
            minH="10"
            disabled={!online}
            loading={download.isPending}
            loadingText={t('section.downloading')}
            onClick={() => download.mutate()}
          >
            {t('section.download')}
          </Button>
        )}
        {mayErase && !scholar.active && (
          <Button variant="outline" colorPalette="red" minH="10" onClick={() => setErasing(true)}>
            {t('section.erase')}
          </Button>
        )}
      </HStack>
      {erasing && (
        <EraseDialog
          scholar={scholar}
          open
          onClose={() => setErasing(false)}
          onErased={() => {
            setErasing(false);
            addNotification({ type: 'success', text: t('dialog.done') });
            client.removeQueries({ queryKey: scholarsResource.keys.detail(scholar.id) });
            void client.invalidateQueries({ queryKey: scholarsResource.keys.lists() });
            void client.invalidateQueries({ queryKey: familyDataKeys.all });
            navigate('/admin/family-data');
          }}
        />
      )}
    </Stack>
  );
}

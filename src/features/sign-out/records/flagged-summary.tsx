/**
 * Above the list, when it shows more than the flagged records: how many sign-outs of the range and filters went to
 * an adult not on the pick-up list, with a button that shows only those. Nothing when there are none.
 */
import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The count of flagged sign-outs and the way to them. */
export function FlaggedSummary({ count, onShowOnly }: { count: number | undefined; onShowOnly: () => void }) {
  const { t } = useTranslation('sign-out-records');
  if (!count) return null;
  return (
    <Alert.Root status="error" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{t('flagged.summary', { count })}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" colorPalette="red" onClick={onShowOnly}>
        {t('flagged.showOnly')}
      </Button>
    </Alert.Root>
  );
}

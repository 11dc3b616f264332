/** What a screen shows while its code or the sign-in state loads. */
import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A centred spinner with an accessible label. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Center minH="60dvh" role="status" aria-label={t('states.loading')}>
      <Spinner size="lg" color="primary.solid" />
    </Center>
  );
}

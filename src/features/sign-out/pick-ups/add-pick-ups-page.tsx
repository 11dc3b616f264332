/**
 * Add Authorized Pick-Ups (/sign-out/add-authorized-pick-ups): the front office adds an adult who may (or,
 * with a custody order, must not) pick up a scholar, for one scholar or several siblings at once, with a photo taken
 * with the device's camera or uploaded. Online only (a photo upload); offline it says so and keeps the form. A link
 * with `?scholar=<id>` starts with that scholar chosen.
 */
import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../ui/use-online';
import { AddPickUpForm } from './add-pick-up-form';

/** The Add Authorized Pick-Ups screen. */
export default function AddPickUpsPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('pick-ups');
  const online = useOnline();
  return (
    <Stack gap="4" maxW="4xl" mx="auto">
      <Heading as="h1" size="2xl">
        {t('sections.addAuthorizedPickUps')}
      </Heading>
      <Text color="fg.muted">{tp('add.intro')}</Text>
      {!online && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{tp('offlineNotice')}</Alert.Description>
        </Alert.Root>
      )}
      <AddPickUpForm />
    </Stack>
  );
}

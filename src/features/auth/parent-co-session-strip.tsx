/**
 * On a scholar's phone with a parent signed in inside the scholar's session: a strip under the app
 * bar saying who, with "End parent sign-in", so the phone never stays signed in for the parent unnoticed.
 */
import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { parentSession, useParentSession } from './parent-session';

/** The strip, or nothing without a parent's sign-in. */
export function ParentCoSessionStrip() {
  const { t } = useTranslation('auth');
  const co = useParentSession();
  if (!co) return null;
  return (
    <Flex
      role="status"
      align="center"
      justify="space-between"
      gap="3"
      wrap="wrap"
      px={{ base: '3', md: '6' }}
      py="2"
      bg="primary.subtle"
      color="primary.fg"
    >
      <Text fontWeight="semibold">
        {t('parentActive', { name: `${co.user.nickname ?? co.user.fname} ${co.user.lname}` })}
      </Text>
      <Button size="sm" variant="outline" colorPalette="primary" onClick={() => void parentSession.end()}>
        {t('endParentSignIn')}
      </Button>
    </Flex>
  );
}

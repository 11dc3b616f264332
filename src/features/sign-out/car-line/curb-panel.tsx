/**
 * The car line at the curb, on the pick-up line's page: a family's car tag typed (or read from its hang tag's QR by
 * the page's camera or a USB scanner) calls that family's children out, as a station write through the outbox (so it
 * works offline and reaches the classrooms when the device syncs); and the children walking out, in arrival order,
 * whom the curb then signs out as usual (which takes them off the queue).
 */
import { Alert, Button, Field, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { CarTagNumberSchema } from '../../../contract';
import { useSignOutStation } from '../station/station';
import type { SignOutDay } from '../station/use-sign-out-day';
import { useCarLineQueue } from './use-car-line-queue';

/** Records a curb entry for tag `number` on the device; resolves once it is in the outbox. */
export function useCallOutTag(): (number: number) => Promise<void> {
  const write = useSignOutStation().useWrite();
  return async (number: number) => {
    await write('car_line_calls', { tag_number: number });
  };
}

export function CurbPanel({ day, lastCalled }: { day: SignOutDay; lastCalled: number | null }) {
  const { t } = useTranslation('car-line');
  const callOut = useCallOutTag();
  const queue = useCarLineQueue(day);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [called, setCalled] = useState<number | null>(null);
  const shown = called ?? lastCalled;

  const submit = async () => {
    const parsed = CarTagNumberSchema.safeParse(text.trim());
    if (!parsed.success || !text.trim()) return setError(t('curb.badTag'));
    setError(null);
    await callOut(parsed.data);
    setCalled(parsed.data);
    setText('');
  };

  return (
    <Stack as="section" aria-labelledby="curb-title" gap="3" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="lg" id="curb-title">
        {t('curb.title')}
      </Heading>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <HStack align="end" gap="2" wrap="wrap">
          <Field.Root invalid={error !== null} flex="1" minW="40">
            <Field.Label>{t('curb.tagLabel')}</Field.Label>
            <Input
              inputMode="numeric"
              autoComplete="off"
              size="lg"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            {error && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" colorPalette="primary" size="lg" minH="12">
            {t('curb.call')}
          </Button>
        </HStack>
      </form>
      {shown !== null && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Description>{t('curb.queued', { number: shown })}</Alert.Description>
        </Alert.Root>
      )}
      <Stack gap="1">
        <Heading as="h3" size="md">
          {t('curb.walkingOut')}
        </Heading>
        {queue && queue.length === 0 && <Text color="fg.muted">{t('curb.noneWalking')}</Text>}
        {queue && queue.length > 0 && (
          <Stack as="ol" aria-label={t('curb.walkingOut')} gap="1" pl="5">
            {queue.map((e) => (
              <li key={e.id}>
                <Text as="span" fontWeight="semibold">
                  {e.scholar_name}
                </Text>
                {e.tag_number !== null && (
                  <Text as="span" color="fg.muted">
                    {' · '}
                    {t('queue.tag', { number: e.tag_number })}
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      <Link asChild color="primary.fg" alignSelf="flex-start" minH="11" display="inline-flex" alignItems="center">
        <RouterLink to="/sign-out/queue">{t('curb.openQueue')}</RouterLink>
      </Link>
    </Stack>
  );
}

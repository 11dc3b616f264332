/**
 * A guardian's car tag on their page: the family's number (guardians of the same children share one; the server
 * refuses another family's number on its field), the next free number offered, and the hang tag to print for the
 * car's mirror (large number, its QR code, the children's first names and homerooms). Online only.
 */
import { Alert, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CarTagNumberSchema } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { useCarTag, useSaveCarTag } from './api/car-tag';
import { HangTag } from './hang-tag';

export function CarTagSection({ guardianId, mayUpdate }: { guardianId: string; mayUpdate: boolean }) {
  const { t } = useTranslation('car-line');
  const tag = useCarTag(guardianId);
  return (
    <Stack as="section" aria-labelledby="guardian-car-tag" gap="3">
      <Heading as="h2" size="md" id="guardian-car-tag">
        {t('tag.title')}
      </Heading>
      <Text color="fg.muted">{t('tag.explain')}</Text>
      <QueryState query={tag} isEmpty={false} emptyText="" offlineText={t('tag.needsConnection')}>
        {tag.data && (
          <CarTagForm
            key={`${tag.data.data?.number ?? 'none'}`}
            guardianId={guardianId}
            current={tag.data.data}
            nextFree={tag.data.next_free}
            mayUpdate={mayUpdate}
          />
        )}
      </QueryState>
    </Stack>
  );
}

type Answer = NonNullable<ReturnType<typeof useCarTag>['data']>;

function CarTagForm({
  guardianId,
  current,
  nextFree,
  mayUpdate,
}: {
  guardianId: string;
  current: Answer['data'];
  nextFree: number;
  mayUpdate: boolean;
}) {
  const { t } = useTranslation('car-line');
  const save = useSaveCarTag(guardianId);
  const [text, setText] = useState(String(current?.number ?? nextFree));
  const [error, setError] = useState<string | null>(null);
  const others = current?.guardians.filter((g) => g.id !== guardianId) ?? [];

  /** Saves the number typed, or with `remove` takes the tag away. */
  const submit = async (remove: boolean) => {
    setError(null);
    let number: number | null = null;
    if (!remove) {
      const parsed = CarTagNumberSchema.safeParse(text.trim());
      if (!parsed.success || !text.trim()) return setError(parsed.error?.issues[0]?.message ?? t('curb.badTag'));
      number = parsed.data;
    }
    try {
      await save.mutateAsync(number);
      addNotification({
        type: 'success',
        text: number === null ? t('tag.removed') : t('tag.saved', { number }),
      });
    } catch (err) {
      const fields = toFieldErrors(err);
      setError(fields.number ?? (err instanceof Error ? err.message : String(err)));
    }
  };

  return (
    <Stack gap="3">
      <Text fontWeight="semibold">{current ? t('tag.current', { number: current.number }) : t('tag.none')}</Text>
      {others.length > 0 && <Text>{t('tag.sharedWith', { names: others.map((g) => g.name).join(', ') })}</Text>}
      {mayUpdate && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit(false);
          }}
        >
          <Stack gap="2">
            <Field.Root invalid={error !== null} maxW="xs">
              <Field.Label>{t('tag.number')}</Field.Label>
              <Input inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} />
              <Field.HelperText>{t('tag.nextFree', { number: nextFree })}</Field.HelperText>
              {error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
            <HStack gap="2" wrap="wrap">
              <Button type="submit" colorPalette="primary" minH="10" loading={save.isPending}>
                {t('tag.save')}
              </Button>
              {current && (
                <Button variant="outline" minH="10" onClick={() => void submit(true)} disabled={save.isPending}>
                  {t('tag.remove')}
                </Button>
              )}
            </HStack>
          </Stack>
        </form>
      )}
      {current && (
        <>
          <Button variant="outline" colorPalette="primary" minH="10" alignSelf="flex-start" onClick={() => print()}>
            {t('tag.print')}
          </Button>
          {error === null && save.isError && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{String(save.error)}</Alert.Description>
            </Alert.Root>
          )}
          <HangTag tag={current} />
        </>
      )}
    </Stack>
  );
}

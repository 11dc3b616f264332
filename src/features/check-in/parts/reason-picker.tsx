/**
 * Choosing a reason, for a late arrival or an early departure: the administrator's list (school_settings) as large
 * touch buttons that record at once, and 'Other' with a text box, recorded as 'Other: …' (OTHER_REASON_PREFIX).
 * An empty 'Other' is refused on the spot with the form's own 'This field is required.'.
 */
import { Button, Field, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchoolWords } from '../../../ui/school-words';
import { reasonValue } from '../model/decide';

export interface ReasonPickerProps {
  reasons: readonly string[];
  /** Called with the reason as it is recorded. */
  onPick: (reason: string) => void;
  onCancel: () => void;
  /** Larger buttons for the kiosk. */
  large?: boolean;
  /** The school's Spanish wording of its reasons, by the English reason. */
  reasonsEs?: Readonly<Record<string, string>>;
  busy?: boolean;
}

/** The reason buttons, 'Other' with its text, and Cancel. */
export function ReasonPicker({ reasons, onPick, onCancel, large = false, busy = false, reasonsEs }: ReasonPickerProps) {
  const { t } = useTranslation('check-in');
  const { t: tc } = useTranslation();
  const words = useSchoolWords(reasonsEs);
  const [other, setOther] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const size = large ? '2xl' : 'md';

  const submitOther = (event: FormEvent) => {
    event.preventDefault();
    if (!other?.trim()) {
      setError(tc('form.required'));
      return;
    }
    onPick(reasonValue({ other }));
  };

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {reasons.map((reason) => (
          <Button
            key={reason}
            size={size}
            variant="outline"
            whiteSpace="normal"
            disabled={busy}
            onClick={() => onPick(reasonValue({ listed: reason }))}
          >
            {words.reason(reason)}
          </Button>
        ))}
        <Button
          size={size}
          variant={other === null ? 'outline' : 'subtle'}
          aria-expanded={other !== null}
          disabled={busy}
          onClick={() => setOther((current) => current ?? '')}
        >
          {t('reasons.other')}
        </Button>
      </SimpleGrid>
      {other !== null && (
        <form onSubmit={submitOther} noValidate>
          <Stack gap="3">
            <Field.Root invalid={error !== null} required>
              <Field.Label>{t('reasons.otherLabel')}</Field.Label>
              <Input
                size={large ? 'xl' : 'md'}
                value={other}
                maxLength={400}
                placeholder={t('reasons.otherPlaceholder')}
                autoFocus
                onChange={(event) => {
                  setOther(event.target.value);
                  setError(null);
                }}
              />
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
            <HStack>
              <Button type="submit" size={size} colorPalette="primary" loading={busy}>
                {t('reasons.record')}
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
      <HStack>
        <Button size={size} variant="ghost" onClick={onCancel}>
          {tc('actions.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}

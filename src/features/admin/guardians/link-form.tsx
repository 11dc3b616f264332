/**
 * The last step of a new link: who is being linked, the relationship and pick-up, and Link. A refused link keeps the
 * choice with the reason; Back returns to the search.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { guardiansErrorText } from './error-text';
import { LinkFields, type LinkValues, NEW_LINK } from './link-fields';

export interface LinkFormProps {
  name: string;
  busy: boolean;
  /** The last try's refusal. */
  error: unknown;
  onLink: (values: LinkValues) => void;
  onBack: () => void;
}

/** The form. */
export function LinkForm({ name, busy, error, onLink, onBack }: LinkFormProps) {
  const { t } = useTranslation('guardians');
  const { t: tc } = useTranslation();
  const [value, setValue] = useState<LinkValues>(NEW_LINK);
  const fields = error ? toFieldErrors(error) : {};
  // The same guardian and scholar twice (another tab linked them meanwhile): said in the reader's language.
  const twice = error instanceof ApiError && error.status === 409;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onLink(value);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('links.chosen', { name })}>
      <Stack gap="3">
        <Text fontWeight="semibold">{t('links.chosen', { name })}</Text>
        <FormAlert
          text={
            twice
              ? t('links.alreadyLinked')
              : error
                ? (fields.scholar_id ?? fields.parent_id ?? guardiansErrorText(error, t))
                : null
          }
        />
        <LinkFields value={value} onChange={setValue} errors={fields} />
        <Stack direction="row" gap="2" wrap="wrap">
          <Button type="submit" colorPalette="primary" minH="10" loading={busy}>
            {t('links.link')}
          </Button>
          <Button variant="outline" minH="10" onClick={onBack}>
            {tc('actions.back')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/**
 * The fields of a pick-up adult, shared by Add and Edit: full name, relationship, phone, photo, status, valid from
 * and until, notes. Each shows its error in red under it. Choosing "Not authorized" says that the notes must say why
 * (a custody order), as the contract requires.
 */
import { Field, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PICK_UP_STATUSES } from '../../../contract';
import type { PickUpFields } from '../api/pick-ups-resource';
import { PhotoField } from './photo-field';
import type { PickUpErrorField, PickUpField } from './pick-up-form-model';

export interface PickUpFieldsProps {
  values: PickUpFields;
  errors: Partial<Record<PickUpErrorField, string>>;
  onChange: (field: PickUpField, value: string) => void;
  photo: Blob | null;
  storedPhotoId?: string | null;
  onPhoto: (photo: Blob | null) => void;
  onPhotoError: (message: string | undefined) => void;
}

function TextField(props: { label: string; error?: string; required?: boolean; helper?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(props.error)} required={props.required}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      {props.children}
      {props.helper && <Field.HelperText>{props.helper}</Field.HelperText>}
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The adult's fields. */
export function PickUpFieldsSection({
  values,
  errors,
  onChange,
  photo,
  storedPhotoId,
  onPhoto,
  onPhotoError,
}: PickUpFieldsProps) {
  const { t } = useTranslation('pick-ups');
  const refused = values.status === 'not_authorized';
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">
        {t('form.adult')}
      </Fieldset.Legend>
      <Stack gap="4">
        <TextField label={t('form.fullName')} error={errors.full_name} required>
          <Input
            value={values.full_name}
            maxLength={200}
            autoComplete="off"
            onChange={(e) => onChange('full_name', e.target.value)}
          />
        </TextField>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField label={t('form.relationship')} error={errors.relationship}>
            <Input
              value={values.relationship}
              maxLength={100}
              // The input's hint text (an example of what to type), translated; the label names the field.
              // The field's hint text (HTML placeholder attribute).
              placeholder={t('form.relationshipPlaceholder')}
              onChange={(e) => onChange('relationship', e.target.value)}
            />
          </TextField>
          <TextField label={t('form.phone')} error={errors.phone}>
            <Input
              type="tel"
              value={values.phone}
              maxLength={40}
              autoComplete="off"
              onChange={(e) => onChange('phone', e.target.value)}
            />
          </TextField>
        </SimpleGrid>
        <PhotoField
          value={photo}
          storedPhotoId={storedPhotoId}
          error={errors.photo}
          onChange={onPhoto}
          onError={onPhotoError}
        />
        <TextField label={t('form.status')} error={errors.status} required>
          <NativeSelect.Root>
            <NativeSelect.Field value={values.status} onChange={(e) => onChange('status', e.target.value)}>
              {PICK_UP_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </TextField>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField label={t('form.validFrom')} error={errors.valid_from}>
            <Input type="date" value={values.valid_from} onChange={(e) => onChange('valid_from', e.target.value)} />
          </TextField>
          <TextField label={t('form.validUntil')} error={errors.valid_until}>
            <Input
              type="date"
              value={values.valid_until}
              min={values.valid_from || undefined}
              onChange={(e) => onChange('valid_until', e.target.value)}
            />
          </TextField>
        </SimpleGrid>
        <TextField
          label={t('form.notes')}
          error={errors.notes}
          required={refused}
          helper={refused ? t('form.notesRefusalHelp') : undefined}
        >
          <Textarea value={values.notes} maxLength={1000} onChange={(e) => onChange('notes', e.target.value)} />
        </TextField>
      </Stack>
    </Fieldset.Root>
  );
}

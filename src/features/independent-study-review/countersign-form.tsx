/**
 * The supervising teacher's countersignature: the teacher types their full name under the consent
 * text and presses Electronically Sign, after the scholar and the parent. Online only, like every signature: offline
 * the button says so and what was typed stays.
 */
import { Alert, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { type AgreementDetail, CONSENT_TEXTS, namesMatch } from '../../contract/independent-study';
import { useOnline } from '../../ui/use-online';
import { countersign } from './api';

export interface CountersignFormProps {
  agreement: AgreementDetail;
  fullName: string;
  onSigned: (agreement: AgreementDetail) => void;
}

/** The form. */
export function CountersignForm({ agreement, fullName, onSigned }: CountersignFormProps) {
  const { t, i18n } = useTranslation('independent-study');
  const { t: tc } = useTranslation();
  const online = useOnline();
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const language = i18n.language?.startsWith('es') ? 'es' : 'en';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!typed.trim() || !namesMatch(typed, fullName)) {
      setFieldError(typed.trim() ? t('sign.nameMismatch') : tc('form.required'));
      setFormError(tc('form.incomplete'));
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const saved = await countersign(agreement.id, {
        typed_name: typed,
        version_hash: agreement.version_hash ?? '',
        language,
      });
      onSigned(saved.data);
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (e?.isOffline) setFormError(t('sign.offlineNote'));
      else if (e?.errors.typed_name) {
        setFieldError(t('sign.nameMismatch'));
        setFormError(tc('form.incomplete'));
      } else setFormError(e?.message ?? tc('states.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="countersign-heading">
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
        <Heading as="h2" size="md" id="countersign-heading">
          {t('review.countersign')}
        </Heading>
        {formError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{formError}</Alert.Description>
          </Alert.Root>
        )}
        {!online && (
          <Alert.Root status="warning" role="status">
            <Alert.Indicator />
            <Alert.Description>{t('sign.offlineNote')}</Alert.Description>
          </Alert.Root>
        )}
        <Field.Root invalid={Boolean(fieldError)} required>
          <Field.Label>{t('sign.typedName')}</Field.Label>
          <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="name" />
          <Field.HelperText>{t('sign.typedNameHint', { name: fullName })}</Field.HelperText>
          {fieldError && <Field.ErrorText>{fieldError}</Field.ErrorText>}
        </Field.Root>
        <Stack gap="1">
          <Text fontWeight="semibold">{t('sign.consent')}</Text>
          <Text fontSize="sm">{CONSENT_TEXTS[language]}</Text>
        </Stack>
        <Button type="submit" colorPalette="primary" disabled={!online || busy} loading={busy}>
          {online ? t('sign.button') : t('sign.offline')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Electronically Sign: the signer types their full name, reads the consent text and presses the
 * button. The name is checked here as the server checks it (case and spacing aside), and the form says which field is
 * wrong. A signature needs a connection: offline the button says so and what was typed stays (kept per agreement for
 * the tab's life, so leaving the screen does not lose it either); it never goes through the outbox.
 */
import { Alert, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import {
  type AgreementDetail,
  CONSENT_TEXTS,
  namesMatch,
  SIGNATURE_MESSAGES,
  type SignerRole,
} from '../../../contract/independent-study';
import { useOnline } from '../../../ui/use-online';
import { signAgreement } from './api';

export interface SignFormProps {
  agreement: AgreementDetail;
  role: SignerRole;
  /** The signer's full name on record. */
  fullName: string;
  /** The parent's token when a parent signs on a scholar's phone. */
  token?: string;
  onSigned: () => void;
}

const typedKey = (id: string, role: string) => `independent-study.typed.${id}.${role}`;
const readTyped = (key: string) => {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
};

/** The form. */
export function SignForm({ agreement, role, fullName, token, onSigned }: SignFormProps) {
  const { t, i18n } = useTranslation('independent-study');
  const { t: tc } = useTranslation();
  const online = useOnline();
  const id = useId();
  const key = typedKey(agreement.id, role);
  const [typed, setTyped] = useState(() => readTyped(key));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const language = i18n.language?.startsWith('es') ? 'es' : 'en';

  const change = (value: string) => {
    setTyped(value);
    try {
      sessionStorage.setItem(key, value);
    } catch {
      // A full or blocked storage keeps the text in the form only.
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!typed.trim()) {
      setFieldError(tc('form.required'));
      setFormError(tc('form.incomplete'));
      return;
    }
    if (!namesMatch(typed, fullName)) {
      setFieldError(t('sign.nameMismatch'));
      setFormError(tc('form.incomplete'));
      return;
    }
    setFieldError(null);
    if (!online) return;
    setBusy(true);
    try {
      await signAgreement(
        agreement.id,
        { typed_name: typed, version_hash: agreement.version_hash ?? '', language },
        token,
      );
      try {
        sessionStorage.removeItem(key);
      } catch {
        // Nothing kept to forget.
      }
      onSigned();
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (e?.isOffline) setFormError(t('sign.offlineNote'));
      else if (e?.errors.typed_name) {
        setFieldError(t('sign.nameMismatch'));
        setFormError(tc('form.incomplete'));
      } else if (e?.message === SIGNATURE_MESSAGES.changed) setFormError(t('sign.changed'));
      else if (e?.message === SIGNATURE_MESSAGES.notYourTurn) setFormError(t('sign.notYourTurn'));
      else setFormError(e?.message ?? tc('states.error'));
      if (e && (e.status === 409 || e.status === 404)) onSigned();
    } finally {
      setBusy(false);
    }
  };

  const roleName = t(`roles.${role}`);
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-h`}>
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
        <Heading as="h3" size="md" id={`${id}-h`}>
          {t('sign.heading', { role: roleName })}
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
          <Input value={typed} onChange={(e) => change(e.target.value)} autoComplete="name" autoCapitalize="words" />
          <Field.HelperText>{t('sign.typedNameHint', { name: fullName })}</Field.HelperText>
          {fieldError && <Field.ErrorText>{fieldError}</Field.ErrorText>}
        </Field.Root>
        <Stack gap="1">
          <Text fontWeight="semibold">{t('sign.consent')}</Text>
          <Text fontSize="sm">{CONSENT_TEXTS[language]}</Text>
        </Stack>
        <Button
          type="submit"
          colorPalette="primary"
          disabled={!online || busy}
          loading={busy}
          loadingText={t('sign.signing')}
        >
          {online ? t('sign.button') : t('sign.offline')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /setup: a new school's first screen, opened from the one-time address the server printed. It names the school,
 * chooses its time zone from a searchable list and makes the first administrator, who lands signed in on the kiosk
 * home. What was typed stays on the screen whatever the server answers.
 */
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Field,
  Fieldset,
  Heading,
  Input,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { PASSWORD_MIN_LENGTH, type SetupBody, SetupBodySchema, type SetupInfo } from '../../contract';
import { toFieldErrors } from '../../ui/form/field-errors';
import { browserZone, TimeZoneField } from '../../ui/form/time-zone-field';
import { fetchSetupInfo, postSetup } from './api/auth-api';
import { session } from './session-instance';
import { refreshConfig } from './use-config';

type FieldName = 'school_name' | 'time_zone' | 'fname' | 'lname' | 'email' | 'password' | 'password_confirm';

/** The screen's state before the form: the address is checked first. */
function errorKey(err: unknown): 'badToken' | 'done' | 'offline' | 'failed' {
  if (err instanceof ApiError) {
    if (err.status === 403) return 'badToken';
    if (err.status === 409) return 'done';
    if (err.isOffline) return 'offline';
  }
  return 'failed';
}

/** The setup screen. */
export default function SetupPage() {
  const { t } = useTranslation('setup');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A plain request, not a query: the sign-in screens' layout has no query client (it is not in their budget).
  const [info, setInfo] = useState<
    { status: 'pending' } | { status: 'error'; error: unknown } | { status: 'success'; data: SetupInfo }
  >({ status: 'pending' });
  const load = useCallback(() => {
    if (!token) return;
    setInfo({ status: 'pending' });
    fetchSetupInfo(token).then(
      (data) => setInfo({ status: 'success', data }),
      (error: unknown) => setInfo({ status: 'error', error }),
    );
  }, [token]);
  useEffect(load, [load]);

  let content: React.ReactNode;
  if (!token) content = <Notice status="info" text={t('noToken')} />;
  else if (info.status === 'pending') {
    content = (
      <Stack direction="row" align="center" gap="3" role="status">
        <Spinner size="sm" />
        <Text>{t('loading')}</Text>
      </Stack>
    );
  } else if (info.status === 'error') {
    const key = errorKey(info.error);
    content = (
      <Stack gap="3">
        <Notice status={key === 'done' ? 'info' : 'error'} text={t(key)} />
        {key === 'done' ? (
          <Link asChild color="primary.fg">
            <RouterLink to="/login">{t('signIn')}</RouterLink>
          </Link>
        ) : (
          (key === 'offline' || key === 'failed') && (
            <Button alignSelf="flex-start" variant="outline" onClick={load}>
              {t('retry')}
            </Button>
          )
        )}
      </Stack>
    );
  } else content = <SetupForm token={token} info={info.data} />;

  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="5">
          <Stack gap="1">
            <Heading as="h1" size="xl">
              {t('title')}
            </Heading>
            <Text color="fg.muted">{t('intro')}</Text>
          </Stack>
          {content}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Notice({ status, text }: { status: 'info' | 'error'; text: string }) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

function SetupForm({ token, info }: { token: string; info: SetupInfo }) {
  const { t } = useTranslation(['setup', 'common']);
  const navigate = useNavigate();
  const [form, setForm] = useState({
    school_name: info.school_name ?? '',
    time_zone: info.time_zone ?? browserZone(),
    fname: '',
    lname: '',
    email: '',
    password: '',
    password_confirm: '',
  });
  const [withGoogle, setWithGoogle] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: FieldName, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** The contract's messages in English become this screen's texts (the server sends the same ones). */
  const translate = (field: string, message: string) => {
    if (field === 'password' && /at least/i.test(message)) return t('passwordShort', { count: PASSWORD_MIN_LENGTH });
    return message;
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: SetupBody = {
      token,
      school_name: form.school_name.trim(),
      time_zone: form.time_zone,
      fname: form.fname.trim(),
      lname: form.lname.trim(),
      email: form.email.trim(),
      ...(withGoogle ? {} : { password: form.password }),
    };
    const found: Partial<Record<FieldName, string>> = {};
    const parsed = SetupBodySchema.safeParse(body);
    if (!parsed.success) {
      const common = (key: 'form.required' | 'form.invalidEmail') => t(`common:${key}`);
      for (const [field, message] of Object.entries(toFieldErrors(parsed.error, common))) {
        found[field as FieldName] = translate(field, message);
      }
    }
    if (!withGoogle && !form.password) found.password = t('common:form.required');
    if (!withGoogle && !found.password && form.password !== form.password_confirm) {
      found.password_confirm = t('passwordMismatch');
    }
    setErrors(found);
    if (Object.keys(found).length) {
      setFailure(t('common:form.incomplete'));
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      const result = await postSetup(parsed.data ?? body);
      session.signIn(result.token, result.user);
      // The device's copy of the config still has the name from before the setup: the app bar reads it next.
      await refreshConfig().catch(() => undefined);
      navigate('/', { replace: true });
    } catch (err) {
      const fields = toFieldErrors(err);
      const shown = Object.fromEntries(Object.entries(fields).map(([f, m]) => [f, translate(f, m)]));
      setErrors(shown);
      setFailure(
        Object.keys(shown).length
          ? t('common:form.incomplete')
          : t(errorKey(err) === 'done' ? 'done' : errorKey(err), { ns: 'setup' }),
      );
    } finally {
      setBusy(false);
    }
  }

  const text = (field: FieldName, label: string, props: Partial<React.ComponentProps<typeof Input>> = {}) => (
    <Field.Root invalid={Boolean(errors[field])} required>
      <Field.Label>{label}</Field.Label>
      <Input name={field} value={form[field]} onChange={(e) => set(field, e.target.value)} {...props} />
      {field === 'password' && <Field.HelperText>{t('passwordHint', { count: PASSWORD_MIN_LENGTH })}</Field.HelperText>}
      {errors[field] && <Field.ErrorText>{errors[field]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('title')}>
      <Stack gap="5">
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('schoolSection')}</Fieldset.Legend>
          <Stack gap="4" mt="2">
            {text('school_name', t('schoolName'), { maxLength: 120, autoComplete: 'organization' })}
            <TimeZoneField
              value={form.time_zone}
              onChange={(zone) => set('time_zone', zone)}
              error={errors.time_zone}
            />
          </Stack>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('adminSection')}</Fieldset.Legend>
          <Stack gap="4" mt="2">
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
              {text('fname', t('fname'), { maxLength: 100, autoComplete: 'given-name' })}
              {text('lname', t('lname'), { maxLength: 100, autoComplete: 'family-name' })}
            </Stack>
            {text('email', t('email'), { type: 'email', autoComplete: 'email', maxLength: 254 })}
            {info.google_sign_in && (
              <Checkbox.Root checked={withGoogle} onCheckedChange={(d) => setWithGoogle(d.checked === true)} minH="10">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('withGoogle')}</Checkbox.Label>
              </Checkbox.Root>
            )}
            {withGoogle ? (
              <Text fontSize="sm" color="fg.muted">
                {t('withGoogleHint')}
              </Text>
            ) : (
              <>
                {text('password', t('password'), { type: 'password', autoComplete: 'new-password', maxLength: 200 })}
                {text('password_confirm', t('passwordConfirm'), {
                  type: 'password',
                  autoComplete: 'new-password',
                  maxLength: 200,
                })}
              </>
            )}
          </Stack>
        </Fieldset.Root>
        <Button type="submit" colorPalette="primary" loading={busy} loadingText={t('submitting')}>
          {t('submit')}
        </Button>
      </Stack>
    </form>
  );
}

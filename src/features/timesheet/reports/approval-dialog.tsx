/**
 * The timekeeper's decision on one person's pay period, opened from the grid: the period's state and
 * the note it was returned with, and what may be done from that state. A submitted period is approved (which locks
 * its records) or returned with a note saying what to fix; an approved one is reopened with a reason (audited); an
 * open or returned one may be approved as it is (the server's rule: a period with a record still open is refused,
 * with the record in its words). Return and Reopen ask for their text first, and say
 * so under the field when it is empty. A refusal (409: the state changed meanwhile; 422) shows the server's own words
 * above the buttons, and the dialog stays open with what was typed.
 */
import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import type { PeriodState } from '../../../contract';
import { DialogShell } from '../../../ui/dialog-shell';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import type { PeriodAction } from '../api/timesheets-api';
import { usePeriodAction } from './api/report-queries';
import { rangeText } from './model/words';
import { PeriodBadge } from './period-badge';

/** A person's period the dialog is about. */
export interface ApprovalTarget {
  userId: string;
  userName: string;
  period: { start: string; end: string; state: PeriodState; note: string | null };
}

/** What the timekeeper decides (submitting and withdrawing are the person's own steps, on Add Record). */
type Decision = Exclude<PeriodAction, 'submit' | 'withdraw'>;

/** The decisions a timekeeper may take from each state. */
export const ACTIONS_OF_STATE: Record<PeriodState, readonly Decision[]> = {
  open: ['approve'],
  returned: ['approve'],
  submitted: ['approve', 'return'],
  approved: ['reopen'],
};

/** The actions that need words first, and the field that carries them. */
const TEXT_FIELD: Partial<Record<Decision, 'note' | 'reason'>> = { return: 'note', reopen: 'reason' };

export interface ApprovalDialogProps {
  target: ApprovalTarget | null;
  onClose: () => void;
}

/** The dialog; closed while `target` is null. */
export function ApprovalDialog({ target, onClose }: ApprovalDialogProps) {
  const { t, i18n } = useTranslation('timesheet-reports', { keyPrefix: 'approval' });
  const { t: tr } = useTranslation('timesheet-reports');
  const mutation = usePeriodAction();
  const [pending, setPending] = useState<Decision | null>(null);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formId = useId();
  const fieldId = useId();

  const close = () => {
    setPending(null);
    setText('');
    setFieldError(null);
    setFormError(null);
    mutation.reset();
    onClose();
  };

  if (!target) return null;
  const dates = rangeText({ from: target.period.start, to: target.period.end }, i18n.language);
  const field = pending ? TEXT_FIELD[pending] : undefined;

  const run = (action: Decision) => {
    const textField = TEXT_FIELD[action];
    if (textField && pending !== action) {
      setPending(action);
      setFieldError(null);
      setFormError(null);
      return;
    }
    if (textField && !text.trim()) {
      setFieldError(textField === 'note' ? t('noteRequired') : t('reasonRequired'));
      return;
    }
    setFormError(null);
    mutation.mutate(
      {
        action,
        userId: target.userId,
        start: target.period.start,
        ...(textField ? { [textField]: text.trim() } : {}),
      },
      {
        onSuccess: () => {
          addNotification({ text: t(`done.${action}`, { name: target.userName, dates }), type: 'success' });
          close();
        },
        onError: (error) => {
          const named = toFieldErrors(error);
          const own = textField ? named[textField] : undefined;
          if (own) setFieldError(own);
          if (error instanceof ApiError && error.isOffline) setFormError(tr('offline'));
          else if (!own) setFormError(error instanceof Error ? error.message : t('failed'));
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) run(pending);
  };

  const actions = ACTIONS_OF_STATE[target.period.state];
  const footer = pending ? (
    <HStack gap="2" wrap="wrap" justify="flex-end">
      <Button variant="outline" minH="10" onClick={() => setPending(null)} disabled={mutation.isPending}>
        {t('back')}
      </Button>
      <Button
        type="submit"
        form={formId}
        minH="10"
        colorPalette={pending === 'reopen' ? 'red' : 'primary'}
        loading={mutation.isPending}
      >
        {t(`confirm.${pending}`)}
      </Button>
    </HStack>
  ) : (
    <HStack gap="2" wrap="wrap" justify="flex-end">
      {actions.map((action) => (
        <Button
          key={action}
          minH="10"
          variant={action === 'return' ? 'outline' : 'solid'}
          colorPalette={action === 'reopen' ? 'red' : 'primary'}
          loading={mutation.isPending && mutation.variables?.action === action}
          disabled={mutation.isPending}
          onClick={() => run(action)}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
    </HStack>
  );

  return (
    <DialogShell open title={t('title', { name: target.userName })} onClose={close} footer={footer}>
      <Stack gap="3">
        <HStack gap="2" wrap="wrap">
          <Text>{t('period', { dates })}</Text>
          <PeriodBadge state={target.period.state} />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t(`explain.${target.period.state}`, { name: target.userName })}
        </Text>
        {target.period.note && target.period.state === 'returned' && (
          <Text fontSize="sm">{t('returnedNote', { note: target.period.note })}</Text>
        )}
        {field && (
          <form id={formId} onSubmit={submit} noValidate>
            <Field.Root invalid={fieldError !== null} required>
              <Field.Label htmlFor={fieldId}>{field === 'note' ? t('noteLabel') : t('reasonLabel')}</Field.Label>
              <Textarea
                id={fieldId}
                value={text}
                maxLength={500}
                autoresize
                maxH="40"
                onChange={(event) => {
                  setText(event.target.value);
                  setFieldError(null);
                }}
              />
              {fieldError && <Field.ErrorText>{fieldError}</Field.ErrorText>}
            </Field.Root>
          </form>
        )}
        <FormAlert text={formError} />
      </Stack>
    </DialogShell>
  );
}

/**
 * Which meal services the school serves (breakfast, lunch, snack, supper) and each one's window on the school's
 * clock: the cafeteria station offers only these and preselects the one whose window holds the current time. A
 * service switched off keeps its times on the screen, so switching it back on brings them back.
 */
import { Checkbox, Field, Fieldset, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MEAL_TYPES, type MealServices, type MealType } from '../../../contract';

export type MealServiceRows = Record<MealType, { on: boolean; start: string; end: string }>;

/** The usual windows, for a service the school does not serve yet. */
const USUAL: Record<MealType, { start: string; end: string }> = {
  breakfast: { start: '07:00', end: '10:30' },
  lunch: { start: '10:30', end: '14:00' },
  snack: { start: '14:00', end: '17:00' },
  supper: { start: '17:00', end: '20:00' },
};

export function mealServiceRows(services: MealServices | undefined): MealServiceRows {
  const rows = {} as MealServiceRows;
  for (const type of MEAL_TYPES) {
    const window = services?.[type];
    rows[type] = window ? { on: true, ...window } : { on: !services, ...USUAL[type] };
  }
  return rows;
}

/** The setting as the server takes it: the services switched on, with their times. */
export function mealServicesOf(rows: MealServiceRows): MealServices {
  const out: MealServices = {};
  for (const type of MEAL_TYPES) {
    const row = rows[type];
    if (row.on) out[type] = { start: row.start, end: row.end };
  }
  return out;
}

export function MealServicesEditor({
  rows,
  errors,
  onChange,
}: {
  rows: MealServiceRows;
  /** Field errors by path: `meal_services` (none served), `meal_services.lunch.end`. */
  errors: Record<string, string>;
  onChange: (rows: MealServiceRows) => void;
}) {
  const { t } = useTranslation('admin', { keyPrefix: 'school' });
  const set = (type: MealType, patch: Partial<MealServiceRows[MealType]>) =>
    onChange({ ...rows, [type]: { ...rows[type], ...patch } });
  return (
    <Fieldset.Root invalid={Boolean(errors.meal_services)}>
      <Fieldset.Legend fontWeight="semibold">{t('mealServices')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('mealServicesHint')}</Fieldset.HelperText>
      <Stack gap="4" mt="2">
        {MEAL_TYPES.map((type) => {
          const meal = t(`mealTypes.${type}`);
          const row = rows[type];
          const startError = errors[`meal_services.${type}.start`];
          const endError = errors[`meal_services.${type}.end`];
          return (
            <Stack key={type} gap="2">
              <Checkbox.Root checked={row.on} minH="10" onCheckedChange={(d) => set(type, { on: d.checked === true })}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('mealServed', { meal })}</Checkbox.Label>
              </Checkbox.Root>
              {row.on && (
                <Stack direction="row" gap="3" ps="8" wrap="wrap">
                  <Field.Root invalid={Boolean(startError)} required flex="1" minW="9rem">
                    <Field.Label>{t('mealStart', { meal })}</Field.Label>
                    <Input type="time" value={row.start} onChange={(e) => set(type, { start: e.target.value })} />
                    {startError && <Field.ErrorText>{startError}</Field.ErrorText>}
                  </Field.Root>
                  <Field.Root invalid={Boolean(endError)} required flex="1" minW="9rem">
                    <Field.Label>{t('mealEnd', { meal })}</Field.Label>
                    <Input type="time" value={row.end} onChange={(e) => set(type, { end: e.target.value })} />
                    {endError && <Field.ErrorText>{endError}</Field.ErrorText>}
                  </Field.Root>
                </Stack>
              )}
            </Stack>
          );
        })}
      </Stack>
      {errors.meal_services && <Fieldset.ErrorText>{errors.meal_services}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

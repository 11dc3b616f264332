/**
 * The school's time zone, chosen from the IANA zones this browser knows: a search box that narrows a native select
 * (it suits phones and tablets and needs no positioning code), with the time it is there now to confirm the choice.
 * The setup screen and the school's settings share it.
 */
import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Every IANA zone this browser knows, UTC included (Intl lists only the canonical region zones). */
export function timeZoneList(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

/** The zones that match a search: every word of it, in any order, ignoring case, spaces as underscores. */
export function matchZones(zones: readonly string[], search: string): string[] {
  const words = search.trim().toLowerCase().replace(/_/g, ' ').split(/\s+/).filter(Boolean);
  if (!words.length) return [...zones];
  return zones.filter((zone) => {
    const name = zone.toLowerCase().replace(/_/g, ' ');
    return words.every((w) => name.includes(w));
  });
}

/** The machine's own zone, the default choice. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export interface TimeZoneFieldProps {
  value: string;
  onChange: (zone: string) => void;
  error?: string;
  disabled?: boolean;
}

/** The search box and the select. */
export function TimeZoneField({ value, onChange, error, disabled }: TimeZoneFieldProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const zones = useMemo(timeZoneList, []);
  const [search, setSearch] = useState('');
  const found = useMemo(() => matchZones(zones, search), [zones, search]);
  // The chosen zone stays in the list, so the select never shows a value it does not have.
  const choices = found.includes(value) ? found : [value, ...found];
  const now = useMemo(() => {
    try {
      return new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: value }).format(new Date());
    } catch {
      return null;
    }
  }, [value, language]);
  return (
    <Stack gap="4">
      <Field.Root disabled={disabled}>
        <Field.Label>{t('timeZone.search')}</Field.Label>
        <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
        <Field.HelperText>{t('timeZone.searchHint')}</Field.HelperText>
      </Field.Root>
      <Field.Root invalid={Boolean(error)} required disabled={disabled}>
        <Field.Label>{t('timeZone.zone')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field name="time_zone" value={value} onChange={(e) => onChange(e.target.value)}>
            {choices.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {found.length === 0 && <Field.HelperText>{t('timeZone.none', { search: search.trim() })}</Field.HelperText>}
        {now && <Field.HelperText>{t('timeZone.now', { time: now })}</Field.HelperText>}
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    </Stack>
  );
}

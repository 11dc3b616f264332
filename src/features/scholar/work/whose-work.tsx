/**
 * A parent's choice on Overdue Work: the chosen child's list (the portal's switcher above chooses the child) or all their
 * children's missing and overdue work in one list. Two radio buttons, kept in the address.
 */
import { RadioGroup, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { scholarName } from '../layout/portal-format';
import { usePortal } from '../portal-context';

export interface WhoseWorkProps {
  all: boolean;
  onChange: (all: boolean) => void;
}

/** The choice. */
export function WhoseWork({ all, onChange }: WhoseWorkProps) {
  const { t } = useTranslation('portal-work');
  const { scholar } = usePortal();
  const choices = [
    ['one', scholarName(scholar)],
    ['all', t('overdue.allChildren')],
  ] as const;
  return (
    <RadioGroup.Root
      value={all ? 'all' : 'one'}
      onValueChange={(e) => onChange(e.value === 'all')}
      aria-label={t('overdue.show')}
      colorPalette="primary"
    >
      <Stack direction="row" gap="4" wrap="wrap">
        {choices.map(([value, label]) => (
          <RadioGroup.Item key={value} value={value} minH="11">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}

/**
 * A list's person filter: the staff picker, with the person of the address (`?staff=<id>`) found by id so a link or
 * a reload shows their name. A chosen person is remembered in the query cache, so choosing needs no second call; an
 * id that is not (or no longer) a staff member says so, with the way back to everyone.
 */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffApi } from '../../../api/timekeeping-staff';
import { StaffPicker } from '../../../ui/timekeeping/staff-picker';

export interface PersonFilterProps {
  staffId: string;
  onChange: (staffId: string) => void;
}

/** A staff member by id (none: not fetched). */
export function useStaffMember(staffId: string) {
  return useQuery({
    queryKey: staffApi.keys.detail(staffId),
    queryFn: ({ signal }) => staffApi.get(staffId, signal),
    enabled: Boolean(staffId),
    staleTime: 60_000,
  });
}

/** The person filter. */
export function PersonFilter({ staffId, onChange }: PersonFilterProps) {
  const { t } = useTranslation('timesheet-records', { keyPrefix: 'filters' });
  const client = useQueryClient();
  const person = useStaffMember(staffId);
  if (staffId && person.isError) {
    return (
      <HStack gap="2" wrap="wrap">
        <Text>{t('unknownPerson')}</Text>
        <Button size="sm" variant="outline" minH="10" onClick={() => onChange('')}>
          {t('everyone')}
        </Button>
      </HStack>
    );
  }
  if (staffId && !person.data) return <Text color="fg.muted">{t('personLoading')}</Text>;
  return (
    <Box maxW="md">
      <StaffPicker
        label={t('person')}
        value={staffId ? (person.data ?? null) : null}
        onChange={(staff) => {
          if (staff) client.setQueryData(staffApi.keys.detail(staff.id), staff);
          onChange(staff?.id ?? '');
        }}
      />
    </Box>
  );
}

/**
 * Links another scholar to a guardian (their page): search the scholars by name or student number, choose one, say
 * how they are related and whether the guardian may pick up, Link.
 */
import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuardianRecord, GuardianshipRecord } from '../../../contract/guardians';
import { addNotification } from '../../../ui/notifications';
import { useLinkGuardian } from './api/save-guardianship';
import { useScholarSearch } from './api/search-scholars';
import { guardiansErrorText } from './error-text';
import { LinkForm } from './link-form';
import { PickOne, type PickOption } from './pick-one';

export interface LinkScholarProps {
  guardian: GuardianRecord;
  /** The guardian's links now, so a scholar already linked cannot be chosen again. */
  links: GuardianshipRecord[];
}

/** The Link a scholar action and its steps. */
export function LinkScholar({ guardian, links }: LinkScholarProps) {
  const { t } = useTranslation('guardians');
  const { t: tc } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PickOption | null>(null);
  const scholars = useScholarSearch(search);
  const link = useLinkGuardian();
  const linked = new Set(links.map((l) => l.scholar_id));
  const guardianName = `${guardian.fname} ${guardian.lname}`;
  const done = () => {
    setOpen(false);
    setSearch('');
    setChosen(null);
    link.reset();
  };
  if (!open) {
    return (
      <Button variant="outline" colorPalette="primary" minH="10" alignSelf="flex-start" onClick={() => setOpen(true)}>
        {t('links.linkScholar')}
      </Button>
    );
  }
  if (chosen) {
    return (
      <LinkForm
        name={chosen.name}
        busy={link.isPending}
        error={link.isError ? link.error : null}
        onBack={() => {
          link.reset();
          setChosen(null);
        }}
        onLink={(values) =>
          link.mutate(
            { parent_id: guardian.id, scholar_id: chosen.id, ...values },
            {
              onSuccess: () => {
                addNotification({
                  type: 'success',
                  text: t('links.linked', { guardian: guardianName, scholar: chosen.name }),
                });
                done();
              },
            },
          )
        }
      />
    );
  }
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3">
      <PickOne
        label={t('links.searchScholars')}
        search={search}
        onSearch={setSearch}
        isFetching={scholars.isFetching}
        error={scholars.isError ? guardiansErrorText(scholars.error, t) : null}
        options={(scholars.data?.data ?? []).map((s) => ({
          id: s.id,
          name: `${s.fname} ${s.lname}`,
          detail: `${t('links.grade', { grade: s.grade })} · ${s.student_number}`,
          linked: linked.has(s.id),
        }))}
        onPick={setChosen}
      />
      <Button variant="ghost" minH="10" alignSelf="flex-start" onClick={done}>
        {tc('actions.cancel')}
      </Button>
    </Stack>
  );
}

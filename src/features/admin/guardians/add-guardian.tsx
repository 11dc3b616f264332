/**
 * Adds a guardian to a scholar (the scholar's page): search the existing guardians by name, email or phone and choose
 * one, or make a new guardian right here; then the relationship and pick-up, and Link. A new guardian is made first
 * (with the form's own id, so a retry makes one), then linked: should the link be refused, the guardian exists and
 * the link form stays with the reason, to try again.
 */
import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuardianshipRecord } from '../../../contract/guardians';
import { addNotification } from '../../../ui/notifications';
import { useGuardians } from './api/list-guardians';
import { useLinkGuardian } from './api/save-guardianship';
import { guardiansErrorText } from './error-text';
import { GuardianForm } from './guardian-form';
import type { LinkValues } from './link-fields';
import { LinkForm } from './link-form';
import { PickOne, type PickOption } from './pick-one';

type Step = 'closed' | 'search' | 'new';

export interface AddGuardianProps {
  scholarId: string;
  /** The scholar's links now, so a guardian already linked cannot be chosen again. */
  links: GuardianshipRecord[];
}

/** The Add a guardian action and its steps. */
export function AddGuardian({ scholarId, links }: AddGuardianProps) {
  const { t } = useTranslation('guardians');
  const { t: tc } = useTranslation();
  const [step, setStep] = useState<Step>('closed');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PickOption | null>(null);
  const guardians = useGuardians({ search: search.trim(), per_page: 10, sort: 'lname' }, search.trim().length >= 2);
  const link = useLinkGuardian();
  const linked = new Set(links.map((l) => l.parent_id));
  const done = () => {
    setStep('closed');
    setSearch('');
    setChosen(null);
    link.reset();
  };
  const linkTo = (guardian: PickOption, values: LinkValues) =>
    link.mutate(
      { parent_id: guardian.id, scholar_id: scholarId, ...values },
      {
        onSuccess: (saved) => {
          addNotification({
            type: 'success',
            text: t('links.linked', { guardian: saved.guardian_name, scholar: saved.scholar_name }),
          });
          done();
        },
      },
    );

  if (step === 'closed') {
    return (
      <Button
        variant="outline"
        colorPalette="primary"
        minH="10"
        alignSelf="flex-start"
        onClick={() => setStep('search')}
      >
        {t('links.addGuardian')}
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
        onLink={(values) => linkTo(chosen, values)}
      />
    );
  }
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3">
      {step === 'search' ? (
        <>
          <PickOne
            label={t('links.searchGuardians')}
            search={search}
            onSearch={setSearch}
            isFetching={guardians.isFetching}
            error={guardians.isError ? guardiansErrorText(guardians.error, t) : null}
            options={(guardians.data?.data ?? []).map((g) => ({
              id: g.id,
              name: `${g.fname} ${g.lname}`,
              detail: [g.email, g.phone].filter(Boolean).join(' · '),
              linked: linked.has(g.id),
            }))}
            onPick={setChosen}
          />
          <Stack direction="row" gap="2" wrap="wrap">
            <Button variant="outline" minH="10" onClick={() => setStep('new')}>
              {t('links.createNew')}
            </Button>
            <Button variant="ghost" minH="10" onClick={done}>
              {tc('actions.cancel')}
            </Button>
          </Stack>
        </>
      ) : (
        <GuardianForm
          submitLabel={t('page.create')}
          onCancel={() => setStep('search')}
          onSaved={(saved) => {
            addNotification({ type: 'success', text: t('page.created', { name: `${saved.fname} ${saved.lname}` }) });
            setChosen({ id: saved.id, name: `${saved.fname} ${saved.lname}` });
          }}
        />
      )}
    </Stack>
  );
}

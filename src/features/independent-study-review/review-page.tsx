/**
 * /independent-study: the staff's review of the Independent Study Learning Agreements. The
 * list (state, deadline, teacher), a new agreement for those who create them, and one agreement at `?id=` with its
 * evidence and actions. The route table gives the caller's permissions and user id; the server checks every call.
 */
import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DialogShell } from '../../ui/dialog-shell';
import { AgreementDetailView } from './agreement-detail';
import { AgreementForm } from './agreement-form';
import { AgreementList } from './agreement-list';
import { agreementKeys, type ListParams } from './api';
import { PolicyForm } from './policy-form';

export interface ReviewPageProps {
  permissions: readonly string[];
  userId?: string | null;
}

/** The screen. */
export default function ReviewPage({ permissions, userId = null }: ReviewPageProps) {
  const { t } = useTranslation('independent-study');
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [policy, setPolicy] = useState(false);
  const [params, setParams] = useState<ListParams>({ state: '', mine: false, search: '', page: 1, perPage: 25 });
  const open = search.get('id');
  const go = (id: string | null) => setSearch(id ? { id } : {});
  if (open) return <AgreementDetailView id={open} permissions={permissions} userId={userId} onBack={() => go(null)} />;
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="xl">
            {t('title')}
          </Heading>
          <Text color="fg.muted">{t('review.subtitle')}</Text>
        </Stack>
        <HStack gap="3" wrap="wrap">
          {permissions.includes('independent_study-update') && (
            <Button variant="outline" onClick={() => setPolicy(true)}>
              {t('review.policy.button')}
            </Button>
          )}
          {permissions.includes('independent_study-create') && (
            <Button colorPalette="primary" onClick={() => setCreating(true)}>
              {t('review.newAgreement')}
            </Button>
          )}
        </HStack>
      </HStack>
      <AgreementList params={params} onParams={(next) => setParams((p) => ({ ...p, ...next }))} onOpen={go} />
      <DialogShell open={creating} title={t('review.form.title')} onClose={() => setCreating(false)}>
        {creating && (
          <AgreementForm
            mode={{ kind: 'create' }}
            onCancel={() => setCreating(false)}
            onSaved={(a) => {
              setCreating(false);
              void queryClient.invalidateQueries({ queryKey: agreementKeys.all });
              go(a.id);
            }}
          />
        )}
      </DialogShell>
      <DialogShell open={policy} title={t('review.policy.title')} onClose={() => setPolicy(false)}>
        {policy && <PolicyForm onDone={() => setPolicy(false)} />}
      </DialogShell>
    </Stack>
  );
}

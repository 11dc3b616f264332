/**
 * Edit Authorized Pick-Ups (/sign-out/edit-authorized-pick-ups): find a scholar, see their pick-up adults
 * with photos (from the server, so every change by any office shows), edit one (a new photo optional), deactivate
 * one after a confirmation, or reactivate one. The scholar is in the URL (`?scholar=<id>`), so a link opens the list.
 * Online only, like Add; offline it says so.
 */
import { Alert, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AuthorizedPickUpRecord } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { useOnline } from '../../../ui/use-online';
import { useScholar } from '../api/pick-ups-queries';
import { AdultsList } from './adults-list';
import { DeactivateDialog } from './deactivate-dialog';
import { EditPickUpForm } from './edit-pick-up-form';
import { FormNotice, type Notice } from './form-notice';
import { ScholarSearch, scholarName } from './scholar-search';
import { useSavePickUp } from './use-save-pick-up';

/** The screen. */
export default function EditPickUpsPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('pick-ups');
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const scholarId = params.get('scholar');
  const scholar = useScholar(scholarId);
  const [editing, setEditing] = useState<AuthorizedPickUpRecord | null>(null);
  const [deactivating, setDeactivating] = useState<AuthorizedPickUpRecord | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const saver = useSavePickUp();
  const name = scholar.data ? scholarName(scholar.data) : '';

  const choose = (id: string | null) => {
    setEditing(null);
    setNotice(null);
    setParams(id ? { scholar: id } : {});
  };

  async function reactivate(adult: AuthorizedPickUpRecord) {
    const result = await saver.update({ id: adult.id, active: true });
    if (result.kind === 'saved')
      setNotice({ status: 'success', text: tp('edit.reactivated', { name: adult.full_name }) });
    else setNotice({ status: 'error', text: result.kind === 'offline' ? tp('form.offline') : (result.message ?? '') });
  }

  return (
    <Stack gap="4" maxW="4xl" mx="auto">
      <Heading as="h1" size="2xl">
        {t('sections.editAuthorizedPickUps')}
      </Heading>
      {!online && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{tp('offlineNotice')}</Alert.Description>
        </Alert.Root>
      )}
      {!scholarId ? (
        <Stack gap="2">
          <Text color="fg.muted">{tp('edit.intro')}</Text>
          <ScholarSearch
            label={tp('scholars.searchLabel')}
            actionText={tp('scholars.choose')}
            actionLabel={(s) => tp('scholars.chooseNamed', { name: scholarName(s) })}
            onPick={(s) => choose(s.id)}
          />
        </Stack>
      ) : (
        <QueryState query={scholar} isEmpty={false} emptyText="" offlineText={tp('scholars.offline')}>
          <Stack gap="4">
            <HStack justify="space-between" wrap="wrap">
              <Heading as="h2" size="lg">
                {tp('edit.adultsOf', { name })}
              </Heading>
              <Button variant="outline" onClick={() => choose(null)}>
                {tp('edit.otherScholar')}
              </Button>
            </HStack>
            <FormNotice notice={notice} />
            {editing ? (
              <EditPickUpForm
                key={editing.id}
                adult={editing}
                onDone={(saved) => {
                  setEditing(null);
                  if (saved) setNotice({ status: 'success', text: tp('edit.saved', { name: saved.full_name }) });
                }}
              />
            ) : (
              scholarId && (
                <AdultsList
                  scholarId={scholarId}
                  onEdit={(adult) => {
                    setNotice(null);
                    setEditing(adult);
                  }}
                  onDeactivate={(adult) => {
                    setNotice(null);
                    setDeactivating(adult);
                  }}
                  onReactivate={(adult) => void reactivate(adult)}
                />
              )
            )}
          </Stack>
        </QueryState>
      )}
      <DeactivateDialog
        adult={deactivating}
        scholar={name}
        onClose={(done) => {
          if (done && deactivating) {
            setNotice({ status: 'success', text: tp('edit.deactivated', { name: deactivating.full_name }) });
          }
          setDeactivating(null);
        }}
      />
    </Stack>
  );
}

/**
 * The Add Authorized Pick-Ups form: the scholars (one, or siblings at once), the adult's fields and photo. It is
 * checked with the contract's schema before sending, so the fields in red are the ones the server would refuse;
 * the server's 422 is shown the same way. Offline or on a failure, what was typed and the photo stay.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import type { DemographicRecord } from '../../../contract';
import { useScholar } from '../api/pick-ups-queries';
import { ChosenScholars } from './chosen-scholars';
import { FormNotice } from './form-notice';
import { PickUpFieldsSection } from './pick-up-fields';
import { checkNewPickUp, EMPTY_PICK_UP } from './pick-up-form-model';
import { scholarName } from './scholar-search';
import { usePickUpForm } from './use-pick-up-form';
import { useSavePickUp } from './use-save-pick-up';

/** The `?scholar=<id>` of a link, chosen once it has loaded. */
function usePreselected(onLoaded: (scholar: DemographicRecord) => void) {
  const [params] = useSearchParams();
  const id = params.get('scholar');
  const scholar = useScholar(id);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done || !scholar.data) return;
    setDone(true);
    onLoaded(scholar.data);
  }, [done, scholar.data, onLoaded]);
  return scholar;
}

/** While the link's scholar loads, or why it could not be. */
function PreselectState({ query }: { query: ReturnType<typeof useScholar> }) {
  const { t } = useTranslation('pick-ups');
  const { t: tc } = useTranslation();
  if (!query.isEnabled || query.data) return null;
  if (query.isError) {
    const offline = query.error instanceof ApiError && query.error.isOffline;
    return <FormNotice notice={{ status: 'warning', text: offline ? t('scholars.offline') : query.error.message }} />;
  }
  return (
    <Text role="status" color="fg.muted">
      {tc('states.loading')}
    </Text>
  );
}

/** The form. */
export function AddPickUpForm() {
  const { t } = useTranslation('pick-ups');
  const saver = useSavePickUp();
  const form = usePickUpForm(EMPTY_PICK_UP, saver.forget);
  const [scholars, setScholars] = useState<DemographicRecord[]>([]);
  const preselected = usePreselected((s) =>
    setScholars((list) => (list.some((x) => x.id === s.id) ? list : [...list, s])),
  );

  async function submit() {
    const ids = scholars.map((s) => s.id);
    if (form.showErrors(checkNewPickUp(form.values, ids, form.texts))) return;
    const result = await saver.create({ scholarIds: ids, fields: form.values, photo: form.photo });
    if (result.kind !== 'saved') {
      form.showFailure(result);
      return;
    }
    form.setNotice({
      status: 'success',
      text: t('add.saved', {
        name: form.values.full_name.trim(),
        scholars: scholars.map(scholarName).join(', '),
        count: scholars.length,
      }),
    });
    form.reset(EMPTY_PICK_UP);
  }

  return (
    <form
      noValidate
      aria-label={t('add.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="6" maxW="2xl">
        <FormNotice notice={form.notice} />
        <PreselectState query={preselected} />
        <ChosenScholars
          scholars={scholars}
          error={form.errors.scholar_ids}
          onChange={(next) => {
            setScholars(next);
            form.touchScholars();
          }}
        />
        <PickUpFieldsSection
          values={form.values}
          errors={form.errors}
          onChange={form.change}
          photo={form.photo}
          onPhoto={form.setPhoto}
          onPhotoError={form.photoError}
        />
        <Button type="submit" colorPalette="primary" size="lg" alignSelf="start" loading={saver.busy}>
          {t('add.submit', { count: Math.max(1, scholars.length) })}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * A scholar's page (`/admin/scholars/:id`, and `/admin/scholars/new` to add one): the details form, then the
 * sections of an existing scholar in this order: details, guardians (the guardians' own section, with the office's permission),
 * authorized pick-up adults, badge, meal eligibility (only for those who may see it), enrolment (withdraw,
 * re-enrol) and the family's data (download, erase; administrators). Each section shows its actions only to those
 * who may take them; the server checks every call again.
 */
import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { MEAL_ELIGIBILITY_PERMISSION, MEAL_ELIGIBILITY_UPDATE_PERMISSION } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { scholarQueryOptions } from '../api/scholars';
import { ScholarDataSection } from '../family-data/scholar-data-section';
import { ScholarGuardians } from '../guardians/scholar-guardians';
import { BadgeSection } from './badge-section';
import { EnrolmentSection } from './enrolment-section';
import { MealEligibilitySection } from './meal-eligibility-section';
import { PickUpsSection } from './pick-ups-section';
import { ScholarForm } from './scholar-form';
import { scholarName } from './scholar-name';

export default function ScholarPage({ permissions = [] }: { permissions?: readonly string[] }) {
  const { id = 'new' } = useParams();
  const { t } = useTranslation('scholars');
  const isNew = id === 'new';
  return (
    <Stack gap="6" maxW="4xl" minW="0">
      <Link asChild color="primary.fg" alignSelf="flex-start">
        <RouterLink to="/admin/scholars">{t('page.back')}</RouterLink>
      </Link>
      {isNew ? (
        <>
          <Heading as="h1" size="lg">
            {t('page.newTitle')}
          </Heading>
          <ScholarForm scholar={null} canSave={permissions.includes('demographics-create')} />
        </>
      ) : (
        <ExistingScholar key={id} id={id} permissions={permissions} />
      )}
    </Stack>
  );
}

function ExistingScholar({ id, permissions }: { id: string; permissions: readonly string[] }) {
  const { t } = useTranslation('scholars');
  const scholar = useQuery(scholarQueryOptions(id));
  const may = (p: string) => permissions.includes(p);
  const missing = scholar.error instanceof ApiError && scholar.error.status === 404;
  if (missing) return <Text role="alert">{t('page.notFound')}</Text>;
  const s = scholar.data;
  return (
    <QueryState query={scholar} isEmpty={false} emptyText="" offlineText={t('page.offline')}>
      {s && (
        <Stack gap="8">
          <Heading as="h1" size="lg">
            {scholarName(s)}
          </Heading>
          {!may('demographics-update') && <Text color="fg.muted">{t('page.readOnly')}</Text>}
          <ScholarForm key={s.updated_at} scholar={s} canSave={may('demographics-update')} />
          {may('guardianships-view_any') && <ScholarGuardians scholarId={s.id} permissions={permissions} />}
          {may('authorized_pick_ups-view_any') && (
            <PickUpsSection scholarId={s.id} canEdit={may('authorized_pick_ups-update')} />
          )}
          <BadgeSection scholar={s} canPrint={may('check_ins-create')} />
          {may(MEAL_ELIGIBILITY_PERMISSION) && (
            <MealEligibilitySection
              key={`meals-${s.updated_at}`}
              scholar={s}
              canChange={may(MEAL_ELIGIBILITY_UPDATE_PERMISSION)}
            />
          )}
          <EnrolmentSection scholar={s} canChange={may('demographics-update')} />
          <ScholarDataSection scholar={s} permissions={permissions} />
        </Stack>
      )}
    </QueryState>
  );
}

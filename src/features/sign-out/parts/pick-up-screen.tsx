/**
 * A scholar's pick-up screen, the same on Scholar Sign Out and Scan Sign Out: who is being picked up (large photo,
 * name, grade), any custody order in red first, then the adults who may take the scholar today as large cards (one
 * tap signs out), the adults whose dates leave today out, and the override for someone not on the list. A scholar
 * already signed out today shows with whom and when instead. Everything comes from the device's snapshot.
 */
import { Alert, Button, Heading, HStack, Link, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { AuthorizedPickUpRecord, DemographicRecord } from '../../../contract';
import { useSchoolWords } from '../../../ui/school-words';
import { usePickUps } from '../station/use-pick-ups';
import { AdultCard, CustodyWarning, NotTodayList } from './adult-cards';
import { DismissalToday } from './dismissal-today';
import { AlreadySignedOut } from './outcome-cards';
import { OverrideDialog } from './override-dialog';
import { ScholarPhoto, scholarName } from './photos';
import { classifyPickUps } from './pick-up-list';
import type { SignOutInfo } from './sign-out-state';

export interface PickUpScreenProps {
  scholar: DemographicRecord;
  /** Today in the school's zone, and the zone. */
  today: string;
  timeZone: string;
  /** The scholar's sign-out today, if any. */
  signedOut: SignOutInfo | null;
  permissions: readonly string[];
  busy: boolean;
  error: string | null;
  backLabel: string;
  onBack: () => void;
  onChoose: (adult: AuthorizedPickUpRecord) => void;
  onOverride: (override: { name: string; reason: string }) => Promise<void> | void;
}

/** The scholar's photo and name; the name takes the focus as the screen opens (and so comes into view on a phone). */
function ScholarHeader({ scholar }: { scholar: DemographicRecord }) {
  const { t } = useTranslation('sign-out');
  const words = useSchoolWords();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const details = [
    t('grade', { grade: scholar.grade }),
    words.homeroom(scholar.homeroom),
    `#${scholar.student_number}`,
  ];
  return (
    <HStack gap="4" align="center">
      <ScholarPhoto scholar={scholar} size="lg" />
      <Stack gap="1">
        <Heading as="h2" size="3xl" ref={heading} tabIndex={-1} outline="none">
          {t('pickUp.heading', { name: scholarName(scholar) })}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {details.filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    </HStack>
  );
}

/** No adult may take the scholar today: who to ask, and the way to add one for those who may. */
function NoneToday({ scholar, permissions }: { scholar: DemographicRecord; permissions: readonly string[] }) {
  const { t } = useTranslation('sign-out');
  const name = scholarName(scholar);
  const canSee = permissions.includes('authorized_pick_ups-view_any');
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title fontSize="lg">{t('pickUp.none', { name })}</Alert.Title>
        <Alert.Description>{canSee ? t('pickUp.noneAsk') : t('pickUp.noAccess')}</Alert.Description>
        {permissions.includes('authorized_pick_ups-create') && (
          <Link asChild color="primary.fg" fontWeight="semibold" fontSize="lg">
            <RouterLink to={`/sign-out/add-authorized-pick-ups?scholar=${encodeURIComponent(scholar.id)}`}>
              {t('pickUp.addLink', { name })}
            </RouterLink>
          </Link>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/** The pick-up screen of one scholar. */
export function PickUpScreen(props: PickUpScreenProps) {
  const { scholar, today, timeZone, signedOut, permissions, busy, error, backLabel, onBack, onChoose } = props;
  const { t } = useTranslation('sign-out');
  const adults = usePickUps(scholar.id);
  const lists = useMemo(() => (adults ? classifyPickUps(adults, today) : undefined), [adults, today]);
  const [overriding, setOverriding] = useState(false);
  const name = scholarName(scholar);

  return (
    <Stack gap="5">
      <HStack>
        <Button size="xl" variant="outline" onClick={onBack}>
          {backLabel}
        </Button>
      </HStack>
      <ScholarHeader scholar={scholar} />
      <DismissalToday scholar={scholar} today={today} />
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      {signedOut ? (
        <AlreadySignedOut
          scholar={scholar}
          info={signedOut}
          adult={adults?.find((a) => a.id === signedOut.pickUpId)}
          timeZone={timeZone}
        />
      ) : !lists ? (
        <HStack role="status" gap="3" py="8" justify="center">
          <Spinner size="lg" />
          <Text fontSize="xl">{t('pickUp.loading')}</Text>
        </HStack>
      ) : (
        <>
          {lists.refused.length > 0 && (
            <Stack as="section" gap="3" aria-label={t('pickUp.custodyHeading')}>
              {lists.refused.map((adult) => (
                <CustodyWarning key={adult.id} adult={adult} scholarName={name} />
              ))}
            </Stack>
          )}
          <Heading as="h3" size="xl">
            {t('pickUp.choose')}
          </Heading>
          {lists.offered.length === 0 ? (
            <NoneToday scholar={scholar} permissions={permissions} />
          ) : (
            <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" listStyleType="none">
              {lists.offered.map((adult) => (
                <li key={adult.id}>
                  <AdultCard adult={adult} scholarName={name} busy={busy} onChoose={onChoose} />
                </li>
              ))}
            </SimpleGrid>
          )}
          <NotTodayList adults={lists.notToday} />
          <HStack>
            <Button
              size="xl"
              variant="outline"
              colorPalette="orange"
              disabled={busy}
              onClick={() => setOverriding(true)}
            >
              {t('pickUp.override')}
            </Button>
          </HStack>
          <OverrideDialog
            open={overriding}
            scholarName={name}
            busy={busy}
            onConfirm={props.onOverride}
            onClose={() => setOverriding(false)}
          />
        </>
      )}
    </Stack>
  );
}

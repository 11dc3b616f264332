/**
 * The frozen version of an agreement as the signer reads it: the header (scholar, ID, duration, dates, the
 * pre-enrollment conference, the supervising teacher), the numbered sections in the reader's language with the
 * school's policy numbers of that version, the course table and the addenda. Collapsed behind one button on a phone
 * after the header, since it is long.
 */

import { Box, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgreementContent, AgreementDetail } from '../../../contract/independent-study';
import { DescriptionList } from '../../../ui/data/description-list';
import { formatLongDay, formatWallTime, useLocale } from '../layout/portal-format';

/** The header of an agreement (scholar, dates, conference, teacher, school days and deadline). */
export function AgreementHeader({ agreement }: { agreement: AgreementDetail }) {
  const { t } = useTranslation('independent-study');
  const locale = useLocale();
  const c = agreement.content;
  const rows: [string, string][] = [
    [t('header.scholar'), agreement.scholar_name],
    [t('header.studentId'), agreement.student_number],
    [t('header.duration'), agreement.duration],
    [t('header.begins'), formatLongDay(agreement.begins_on, locale)],
    [t('header.ends'), formatLongDay(agreement.ends_on, locale)],
    [t('header.schoolDays'), String(agreement.school_days)],
    [
      t('header.conference'),
      t('header.conferenceAt', {
        date: formatLongDay(agreement.conference_on, locale),
        time: formatWallTime(agreement.conference_time, locale),
        place: agreement.conference_place,
      }),
    ],
    ...(agreement.conference_notes ? [[t('header.notes'), agreement.conference_notes] as [string, string]] : []),
    [t('header.teacher'), c?.teacher.name ?? agreement.teacher_name],
    [t('header.deadline'), agreement.deadline ? formatLongDay(agreement.deadline, locale) : t('header.noDeadline')],
  ];
  return <DescriptionList rows={rows} />;
}

/** The subject and course table. */
export function CourseTable({ courses }: { courses: AgreementContent['courses'] }) {
  const { t } = useTranslation('independent-study');
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('courses.caption')}>
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" px="2">
          {t('courses.caption')}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('courses.subject')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('courses.course')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('courses.gradeBand')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('courses.courseValue')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {courses.map((c, i) => (
            <Table.Row key={`${i}-${c.subject}`}>
              <Table.Cell>{c.subject}</Table.Cell>
              <Table.Cell>{c.course ?? t('courses.none')}</Table.Cell>
              <Table.Cell>{c.grade_band}</Table.Cell>
              <Table.Cell>{c.course_value ?? t('courses.none')}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The numbered sections, the course table and the addenda of a frozen version. */
export function AgreementSections({ content }: { content: AgreementContent }) {
  const { t } = useTranslation('independent-study');
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="3">
      <Button variant="outline" alignSelf="start" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('hideAgreement') : t('readAgreement')}
      </Button>
      {open && (
        <Stack gap="3" as="ol" listStyleType="none" m="0" p="0">
          {content.sections.map((s) => (
            <Box as="li" key={s.key}>
              <Heading as="h3" size="sm">
                {s.number}. {t(`sections.${s.key}.title`)}
              </Heading>
              <Text>{t(`sections.${s.key}.body`, content.policy)}</Text>
              {s.key === 'courses' && <CourseTable courses={content.courses} />}
            </Box>
          ))}
        </Stack>
      )}
      {content.addenda.length > 0 && (
        <Stack gap="1">
          <Heading as="h3" size="sm">
            {t('addenda')}
          </Heading>
          {content.addenda.map((a) => (
            <Text key={a.number}>{t('addendum', { number: a.number, text: a.description })}</Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

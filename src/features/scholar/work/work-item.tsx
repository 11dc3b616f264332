/**
 * One piece of work in a list: its title, which opens the work in Google Classroom in a new tab
 * (where the scholar turns it in), the course, when it is due (or was turned in), its points, and what the list needs
 * said: missing, late, AutoWork, turned in or returned with the grade once returned. Times are on the school's clock.
 */
import { Badge, Flex, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { WorkItem } from '../../../contract/scholar-work';
import { localDate, type WorkListType } from '../../../contract/work-lists';
import { formatClockTime } from '../../../ui/school-clock';
import { formatShortDay, useLocale } from '../layout/portal-format';

export interface WorkItemRowProps {
  item: WorkItem;
  /** The list it is shown in (what it says of the submission). */
  type: WorkListType;
  timeZone: string;
  /** Whose work it is, in a parent's combined list. */
  scholarName?: string;
}

/** The day and time an instant falls on, on the school's clock: 'Nov 30, 11:59 PM'. */
function dayAndTime(instant: string, timeZone: string, locale: string, day: string): string {
  return `${formatShortDay(day, locale)}, ${formatClockTime(instant, timeZone, locale)}`;
}

/** When it is due, in words ('Due Nov 30, 11:59 PM', 'Due Nov 30', 'No due date'). */
function useDueText(item: WorkItem, timeZone: string): string {
  const { t } = useTranslation('portal-work');
  const locale = useLocale();
  if (!item.due_date) return t('item.noDueDate');
  if (!item.due_at) return t('item.due', { when: formatShortDay(item.due_date, locale) });
  return t('item.due', { when: dayAndTime(item.due_at, timeZone, locale, item.due_date) });
}

/** The badges of the submission's state as this list tells it. */
function StateBadges({ item, type }: { item: WorkItem; type: WorkListType }) {
  const { t } = useTranslation('portal-work');
  const overdue = type === 'overdue' || type === 'missing-autowork';
  return (
    <Flex gap="1.5" wrap="wrap">
      {overdue && <Badge colorPalette="red">{t('item.missing')}</Badge>}
      {item.is_autowork && <Badge colorPalette="purple">{t('item.autowork')}</Badge>}
      {item.state === 'RECLAIMED_BY_STUDENT' && <Badge colorPalette="orange">{t('item.reclaimed')}</Badge>}
      {item.state === 'TURNED_IN' && <Badge colorPalette="green">{t('item.turnedIn')}</Badge>}
      {item.state === 'RETURNED' && <Badge colorPalette="blue">{t('item.returned')}</Badge>}
      {item.late && <Badge colorPalette="orange">{t('item.late')}</Badge>}
    </Flex>
  );
}

/** The score line: the grade once returned ('Grade: 9 / 10'), else the points, and in Show Submissions that it is not
 * returned yet; null when there is nothing to say. */
function useScoreLine(item: WorkItem, type: WorkListType): string | null {
  const { t } = useTranslation('portal-work');
  if (item.state === 'RETURNED' && item.assigned_grade !== null) {
    return item.max_points !== null
      ? t('item.gradeOf', { grade: item.assigned_grade, points: item.max_points })
      : t('item.grade', { grade: item.assigned_grade });
  }
  const points = item.max_points === null ? null : t('item.points', { count: item.max_points });
  const waiting = type === 'submissions' ? t('item.notGraded') : null;
  return [waiting, points].filter(Boolean).join(' · ') || null;
}

/** The item, as a list item (`<li>`). */
export function WorkItemRow({ item, type, timeZone, scholarName }: WorkItemRowProps) {
  const { t } = useTranslation('portal-work');
  const locale = useLocale();
  const due = useDueText(item, timeZone);
  const score = useScoreLine(item, type);
  const turnedIn =
    type === 'submissions' && item.turned_in_at
      ? t('item.turnedInAt', {
          when: dayAndTime(item.turned_in_at, timeZone, locale, localDate(item.turned_in_at, timeZone)),
        })
      : null;
  return (
    <Stack as="li" gap="1" borderWidth="1px" borderRadius="md" p="3">
      {scholarName && (
        <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
          {t('overdue.forScholar', { name: scholarName })}
        </Text>
      )}
      <Text as="h3" fontWeight="semibold" overflowWrap="anywhere">
        {item.link ? (
          <Link
            href={item.link}
            target="_blank"
            rel="noopener noreferrer"
            colorPalette="primary"
            color="colorPalette.fg"
            textDecoration="underline"
          >
            {item.title}
            <VisuallyHidden> {t('item.newTab')}</VisuallyHidden>
          </Link>
        ) : (
          item.title
        )}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {item.course_name}
      </Text>
      <Text fontSize="sm">{turnedIn ?? due}</Text>
      {score && <Text fontSize="sm">{score}</Text>}
      <StateBadges item={item} type={type} />
    </Stack>
  );
}

/** One class session as Home and Schedule list it: time, name, room, teacher, and its Meet link. */
import { useTranslation } from 'react-i18next';
import type { PortalClass } from '../../../contract';
import { formatWallTime, useLocale } from '../layout/portal-format';
import { TimeRow } from '../layout/time-row';

/** The class as a row (`<li>`). */
export function ClassItem({ item }: { item: PortalClass }) {
  const { t } = useTranslation('portal');
  const locale = useLocale();
  const where = [
    item.room && t('common.room', { room: item.room }),
    item.teacher && t('common.teacher', { name: item.teacher }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <TimeRow
      start={formatWallTime(item.start_time, locale)}
      end={formatWallTime(item.end_time, locale)}
      title={item.name}
      details={[where]}
      meetUrl={item.meet_url}
    />
  );
}

/** One group meeting as Home and This Week list it: time range, title, place, who leads, and its Meet link. */
import { useTranslation } from 'react-i18next';
import type { PortalMeeting } from '../../../contract';
import { formatInstantTime, useLocale } from '../layout/portal-format';
import { TimeRow } from '../layout/time-row';

/** The meeting as a row (`<li>`). */
export function MeetingItem({ meeting, timeZone }: { meeting: PortalMeeting; timeZone: string }) {
  const { t } = useTranslation('portal');
  const locale = useLocale();
  return (
    <TimeRow
      start={formatInstantTime(meeting.starts_at, timeZone, locale)}
      end={formatInstantTime(meeting.ends_at, timeZone, locale)}
      title={meeting.title}
      details={[meeting.place, meeting.leader && t('common.ledBy', { name: meeting.leader })]}
      meetUrl={meeting.meet_url}
    />
  );
}

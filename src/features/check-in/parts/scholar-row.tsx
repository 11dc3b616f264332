/**
 * One scholar in a kiosk list: a large touch target that records the arrival (when the person may record), the
 * scholar's day so far ('Arrived at 7:52'), and the secondary 'Leaving early' action.
 *
 * The rows are plain elements styled once by the list (`ScholarRows`), not Chakra components: a search renders up
 * to a dozen new rows on every keystroke, and Chakra's per-element style resolution cost about 2 ms a row, which
 * kept the roster search over its 16 ms budget (bench/roster-search.mjs). The look follows the theme's tokens.
 */
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { initials } from '../../../ui/roster/scholar-name';
import { useSchoolWords } from '../../../ui/school-words';
import { styleNonce } from '../../../ui/theme/style-nonce';
import { useObjectUrl } from '../../../ui/use-object-url';
import type { ScholarDay } from '../model/day-state';
import { formatClockTime } from '../model/school-clock';
import { useStation } from '../station/station';
import { scholarName } from './scholar-photo';

/** 'Arrived at 7:52' and the like for a scholar's day, or null when they have not arrived. */
export function useDayText(day: ScholarDay, timeZone: string): string | null {
  const { t, i18n } = useTranslation('check-in');
  const time = (iso: string) => formatClockTime(iso, timeZone, i18n.language);
  if (day.state === 'not_arrived' || day.at === null) return null;
  if (day.state === 'in') return t('arrivals.arrivedAt', { time: time(day.arrivedAt ?? day.at) });
  if (day.state === 'left') return t('arrivals.leftAt', { time: time(day.at) });
  return t('arrivals.signedOutAt', { time: time(day.at) });
}

/** The photo kept on the device, or the initials. */
function RowPhoto({ scholar, name }: { scholar: DemographicRecord; name: string }) {
  const url = useObjectUrl(useStation().usePhoto(scholar.photo_id));
  return (
    <span className="row-photo" aria-hidden={url ? undefined : true}>
      {url ? <img src={url} alt={name} /> : initials(name)}
    </span>
  );
}

/** What a child at the kiosk sees of another child: the preferred name and the last initial ('Jasmine A.'). */
export const childName = (scholar: Pick<DemographicRecord, 'fname' | 'nickname' | 'lname'>) =>
  `${scholar.nickname || scholar.fname} ${scholar.lname.slice(0, 1)}.`;

/** What the school lets a child see of others at the kiosk besides photo and name (school settings; off by default). */
export interface ChildDetails {
  studentNumber: boolean;
  homeroom: boolean;
}

function ChildSummary({ scholar, details }: { scholar: DemographicRecord; details?: ChildDetails }) {
  const words = useSchoolWords();
  const name = childName(scholar);
  const extra = [
    details?.homeroom ? words.homeroom(scholar.homeroom) : '',
    details?.studentNumber ? `#${scholar.student_number}` : '',
  ].filter(Boolean);
  return (
    <span className="row-summary">
      <RowPhoto scholar={scholar} name={name} />
      <span className="row-text">
        <span className="row-name">{name}</span>
        {extra.length > 0 && <span className="row-details">{extra.join(' · ')}</span>}
      </span>
    </span>
  );
}

function ScholarSummary({ scholar }: { scholar: DemographicRecord }) {
  const { t } = useTranslation('check-in');
  const words = useSchoolWords();
  const name = scholarName(scholar);
  const details = [
    t('grade', { grade: scholar.grade }),
    words.homeroom(scholar.homeroom),
    `#${scholar.student_number}`,
  ];
  return (
    <span className="row-summary">
      <RowPhoto scholar={scholar} name={name} />
      <span className="row-text">
        <span className="row-name">{name}</span>
        <span className="row-details">{details.filter(Boolean).join(' · ')}</span>
      </span>
    </span>
  );
}

export interface ScholarRowProps {
  scholar: DemographicRecord;
  day: ScholarDay;
  timeZone: string;
  canRecord: boolean;
  /**
   * A child is at the kiosk (station mode): the row shows only the photo, preferred name and last initial, one large
   * "I'm here", and "Leaving early" only for a scholar who has arrived and not left.
   */
  forChildren?: boolean;
  /** For children: the details the school turned on. */
  childDetails?: ChildDetails;
  onArrive: (scholar: DemographicRecord) => void;
  onLeave: (scholar: DemographicRecord) => void;
}

/** The row: tap to record the arrival, or 'Leaving early'. Memoised: a list re-renders only the rows that changed. */
export const ScholarRow = memo(function ScholarRow({
  scholar,
  day,
  timeZone,
  canRecord,
  forChildren = false,
  childDetails,
  onArrive,
  onLeave,
}: ScholarRowProps) {
  const { t } = useTranslation('check-in');
  const dayText = useDayText(day, timeZone);
  const gone = day.state === 'left' || day.state === 'signed_out';
  const mayLeave = forChildren ? day.state === 'in' : !gone;
  const name = forChildren ? childName(scholar) : scholarName(scholar);
  const dayPart = dayText && (
    <span className="row-day">
      <span className="row-badge" data-in={day.state === 'in' ? '' : undefined}>
        {dayText}
      </span>
      {!forChildren && day.pending && <span className="row-note">{t('arrivals.notSent')}</span>}
    </span>
  );
  const leave = canRecord && mayLeave && (
    <button
      type="button"
      className="row-leave"
      aria-label={t('arrivals.leaveEarlyFor', { name })}
      onClick={() => onLeave(scholar)}
    >
      {t('arrivals.leaveEarly')}
    </button>
  );
  if (forChildren) {
    return (
      <li className="row row-child">
        <ChildSummary scholar={scholar} details={childDetails} />
        {dayPart}
        {canRecord && day.state === 'not_arrived' && (
          <button
            type="button"
            className="row-here"
            aria-label={t('arrivals.imHereFor', { name })}
            onClick={() => onArrive(scholar)}
          >
            {t('arrivals.imHere')}
          </button>
        )}
        {leave}
      </li>
    );
  }
  return (
    <li className="row">
      {canRecord ? (
        <button
          type="button"
          className="row-main"
          aria-label={t('arrivals.record', { name })}
          onClick={() => onArrive(scholar)}
        >
          <ScholarSummary scholar={scholar} />
        </button>
      ) : (
        <div className="row-main">
          <ScholarSummary scholar={scholar} />
        </div>
      )}
      {dayPart}
      {leave}
    </li>
  );
});

const ROWS_STYLE = `
.kiosk-rows { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--chakra-spacing-2); }
.kiosk-rows .row { display: flex; flex-wrap: wrap; align-items: center; gap: var(--chakra-spacing-2);
  border: 1px solid var(--chakra-colors-border); border-radius: var(--chakra-radii-lg); padding: var(--chakra-spacing-2); }
.kiosk-rows .row-main { flex: 1; min-width: 16rem; display: flex; text-align: start; padding: var(--chakra-spacing-2);
  border-radius: var(--chakra-radii-md); background: transparent; color: inherit; cursor: pointer; }
.kiosk-rows div.row-main { cursor: default; }
.kiosk-rows button.row-main:hover, .kiosk-rows .row-leave:hover { background: var(--chakra-colors-bg-muted); }
.kiosk-rows button:focus-visible { outline: 2px solid var(--chakra-colors-primary-solid); outline-offset: 2px; }
.kiosk-rows .row-summary { display: flex; align-items: center; gap: var(--chakra-spacing-3); min-width: 0; }
.kiosk-rows .row-photo { flex-shrink: 0; width: 2.75rem; height: 2.75rem; border-radius: 9999px; overflow: hidden;
  display: inline-flex; align-items: center; justify-content: center; font-size: 1.05rem; font-weight: 500;
  background: var(--chakra-colors-gray-subtle); color: var(--chakra-colors-gray-fg); }
.kiosk-rows .row-photo img { width: 100%; height: 100%; object-fit: cover; }
.kiosk-rows .row-text { display: flex; flex-direction: column; min-width: 0; }
.kiosk-rows .row-name { font-size: var(--chakra-font-sizes-xl); font-weight: 600; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; }
.kiosk-rows .row-details { font-size: var(--chakra-font-sizes-sm); color: var(--chakra-colors-fg-muted); }
.kiosk-rows .row-day { display: flex; flex-direction: column; align-items: flex-end; gap: var(--chakra-spacing-1); }
.kiosk-rows .row-badge { border-radius: var(--chakra-radii-sm); padding: var(--chakra-spacing-1) var(--chakra-spacing-3);
  font-size: var(--chakra-font-sizes-sm); font-weight: 500; background: var(--chakra-colors-gray-subtle);
  color: var(--chakra-colors-gray-fg); }
.kiosk-rows .row-badge[data-in] { background: var(--chakra-colors-green-subtle); color: var(--chakra-colors-green-fg); }
.kiosk-rows .row-note { font-size: var(--chakra-font-sizes-xs); color: var(--chakra-colors-fg-muted); }
.kiosk-rows .row-child { padding: var(--chakra-spacing-3); }
.kiosk-rows .row-child .row-summary { flex: 1; min-width: 12rem; }
.kiosk-rows .row-child .row-photo { width: 4rem; height: 4rem; font-size: 1.4rem; }
.kiosk-rows .row-child .row-name { font-size: var(--chakra-font-sizes-2xl); }
.kiosk-rows .row-here { min-height: 4rem; min-width: 10rem; padding-inline: var(--chakra-spacing-6); border: none;
  border-radius: var(--chakra-radii-xl); background: var(--chakra-colors-primary-solid);
  color: var(--chakra-colors-primary-contrast); font-size: var(--chakra-font-sizes-2xl); font-weight: 700; cursor: pointer; }
.kiosk-rows .row-leave { min-height: var(--chakra-sizes-11); padding-inline: var(--chakra-spacing-5);
  border: 1px solid var(--chakra-colors-border); border-radius: var(--chakra-radii-md); background: transparent;
  color: inherit; font-size: var(--chakra-font-sizes-md); font-weight: 600; cursor: pointer; }
`;

/**
 * The list that holds the rows. Its stylesheet is static text that React 19 puts in the document head once (by its
 * href), so a render of the list costs no style work at all.
 */
export function ScholarRows({ children }: { children: ReactNode }) {
  return (
    <>
      <style nonce={styleNonce()} href="kiosk-scholar-rows" precedence="default">
        {ROWS_STYLE}
      </style>
      <ul className="kiosk-rows">{children}</ul>
    </>
  );
}

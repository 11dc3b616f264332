/** The scholar filter of View Records: the shared one (`src/ui/data/scholar-filter.tsx`) with this screen's texts. */
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { ScholarFilter as SharedScholarFilter } from '../../../ui/data/scholar-filter';

export interface ScholarFilterProps {
  /** The chosen scholar's id, '' for everyone. */
  value: string;
  /** The chosen scholar, when the roster has them. */
  chosen: DemographicRecord | undefined;
  onChange: (scholarId: string) => void;
}

/** Search and pick one scholar, or show everyone. */
export function ScholarFilter(props: ScholarFilterProps) {
  const { t } = useTranslation('sign-out-records');
  return (
    <SharedScholarFilter
      {...props}
      minW="16rem"
      texts={{
        search: t('scholar.search'),
        // The field's hint text (HTML placeholder attribute).
        placeholder: t('scholar.searchPlaceholder'),
        matches: t('scholar.matches'),
        searching: t('scholar.searching'),
        noMatch: t('scholar.noMatch'),
        clear: t('scholar.clear'),
        unknownScholar: t('table.unknownScholar'),
        chosen: (name) => t('scholar.chosen', { name }),
        choose: (name) => t('scholar.choose', { name }),
      }}
    />
  );
}

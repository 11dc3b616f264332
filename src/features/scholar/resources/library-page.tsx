/** Library: the school's library items for the scholar, by subject, searchable. */
import { useTranslation } from 'react-i18next';
import { ResourceLinksScreen } from './resource-links-screen';

/** The screen. */
export default function LibraryPage() {
  const { t } = useTranslation('portal-calendar');
  return <ResourceLinksScreen kind="library" title={t('library.title')} />;
}

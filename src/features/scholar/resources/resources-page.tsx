/**
 * Scholar Resources: the school's links for the scholar, by subject. Its title carries the school's
 * prefix from the portal settings ('Demo Scholar Resources'), as the seed's navigation names it.
 */
import { useTranslation } from 'react-i18next';
import { usePortal } from '../portal-context';
import { ResourceLinksScreen } from './resource-links-screen';

/** The screen. */
export default function ResourcesPage() {
  const { t } = useTranslation('portal-calendar');
  const { settings } = usePortal();
  const prefix = settings.resource_prefix?.trim();
  const title = prefix ? t('resources.titleWithPrefix', { prefix }) : t('resources.title');
  return <ResourceLinksScreen kind="resources" title={title} />;
}

/**
 * Resources and Library (/portal-content/resources): the links of the portal's Scholar Resources and
 * of its Library, one list at a time (the switch sets `?kind=` in the address), grouped by subject on the portal.
 */
import { Button, ButtonGroup, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  type PortalResourceCreate,
  type PortalResourceRecord,
  RESOURCE_KINDS,
  type ResourceKind,
} from '../../../contract';
import { resourcesApi } from '../api/portal-content-api';
import { ContentScreen } from '../parts/content-screen';
import { useGradesText } from '../parts/grades-field';
import { ResourceForm } from './resource-form';

export interface ResourcesPageProps {
  permissions: readonly string[];
}

const kindOf = (params: URLSearchParams): ResourceKind => (params.get('kind') === 'library' ? 'library' : 'resources');

/** The screen. */
export default function ResourcesPage({ permissions }: ResourcesPageProps) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'resources' });
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('exports', { keyPrefix: 'content' });
  const gradesText = useGradesText();
  const [params] = useSearchParams();
  const kind = kindOf(params);
  return (
    <ContentScreen<PortalResourceRecord, PortalResourceCreate>
      title={tc('sections.resourcesAndLibrary')}
      intro={t('intro')}
      permissions={permissions}
      api={resourcesApi}
      sorts={[
        ['subject', t('fields.subject')],
        ['position', t('fields.position')],
        ['title', t('fields.title')],
      ]}
      defaultSort="subject"
      filter={() => ({ kind })}
      filters={(state) => (
        <ButtonGroup size="sm" variant="outline" attached role="group" aria-label={t('fields.kind')}>
          {RESOURCE_KINDS.map((choice) => {
            const on = choice === kind;
            return (
              <Button
                key={choice}
                minH="10"
                aria-pressed={on}
                variant={on ? 'solid' : 'outline'}
                colorPalette={on ? 'primary' : undefined}
                onClick={() => state.change({ kind: choice === 'resources' ? '' : choice })}
              >
                {t(`kinds.${choice}`)}
              </Button>
            );
          })}
        </ButtonGroup>
      )}
      columns={[
        { key: 'title', label: t('fields.title'), sortField: 'title', render: (r) => r.title },
        { key: 'subject', label: t('fields.subject'), sortField: 'subject', render: (r) => r.subject },
        {
          key: 'url',
          label: t('fields.url'),
          render: (r) => (
            <Link href={r.url} target="_blank" rel="noopener noreferrer" colorPalette="primary" wordBreak="break-all">
              {r.url}
            </Link>
          ),
        },
        { key: 'position', label: t('fields.position'), sortField: 'position', render: (r) => r.position },
        { key: 'grades', label: t('fields.grades'), render: (r) => gradesText(r.grades) },
      ]}
      words={{
        searchLabel: t(`byKind.${kind}.search`),
        add: t(`byKind.${kind}.add`),
        empty: t(`byKind.${kind}.empty`),
        caption: tc('sections.resourcesAndLibrary'),
        addTitle: t(`byKind.${kind}.addTitle`),
        editTitle: (r) => t('editTitle', { title: r.title }),
        deleteTitle: t('deleteTitle'),
        deleteBody: (r) => t('deleteBody', { title: r.title }),
        deleted: (r) => t('deleted', { title: r.title }),
        what: (r) => `${r.title} (${r.subject})`,
      }}
      csv={{
        fileName: te(kind === 'library' ? 'fileNames.library' : 'fileNames.resources'),
        header: [
          te('columns.title'),
          te('columns.subject'),
          te('columns.url'),
          te('columns.position'),
          te('columns.grades'),
        ],
        row: (r) => [r.title, r.subject, r.url, String(r.position), gradesText(r.grades)],
      }}
      form={(args) => <ResourceForm {...args} kind={kind} />}
    />
  );
}

/**
 * Finding the other side of a new link: a search box and up to ten matches, each a button that chooses it. Nothing
 * is asked before two characters; one already linked is shown but cannot be chosen again.
 */
import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../ui/data/search-input';

export interface PickOption {
  id: string;
  name: string;
  detail?: string;
  linked?: boolean;
}

export interface PickOneProps {
  label: string;
  search: string;
  onSearch: (search: string) => void;
  options: PickOption[];
  isFetching: boolean;
  /** The search's failure, as text, if it failed. */
  error: string | null;
  onPick: (option: PickOption) => void;
}

/** The search and its matches. */
export function PickOne({ label, search, onSearch, options, isFetching, error, onPick }: PickOneProps) {
  const { t } = useTranslation('guardians');
  const { t: tc } = useTranslation();
  const typed = search.trim().length >= 2;
  return (
    <Stack gap="2">
      <SearchInput value={search} onSearch={onSearch} label={label} placeholder={label} />
      {!typed && (
        <Text fontSize="sm" color="fg.muted">
          {t('links.typeToSearch')}
        </Text>
      )}
      {typed && isFetching && <Spinner size="sm" aria-label={tc('states.loading')} />}
      {typed && error && (
        <Text color="fg.error" role="alert">
          {error}
        </Text>
      )}
      {typed && !isFetching && !error && options.length === 0 && <Text>{t('links.noResults')}</Text>}
      {typed && options.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" p="0" m="0">
          {options.map((o) => (
            <li key={o.id}>
              <Button
                variant="outline"
                w="full"
                minH="10"
                h="auto"
                py="2"
                justifyContent="flex-start"
                textAlign="start"
                whiteSpace="normal"
                disabled={o.linked}
                aria-label={t('links.choose', { name: o.name })}
                onClick={() => onPick(o)}
              >
                <Stack gap="0" align="flex-start">
                  <Text fontWeight="semibold">{o.name}</Text>
                  {(o.detail || o.linked) && (
                    <Text fontSize="sm" color="fg.muted">
                      {o.linked ? t('links.alreadyLinked') : o.detail}
                    </Text>
                  )}
                </Stack>
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

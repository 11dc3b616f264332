/**
 * The search box of the online list screens. It reports its text after a pause in typing (one request per pause, not
 * per key), and at once on Enter or when cleared. What is typed is its own state, so a slow or failed request never
 * takes characters away; a different `value` from outside (the back button, a reset) replaces it.
 *
 * Shared texts of `src/ui/data` live in the `data` group of the admin namespace, the first screens to use them.
 */
import { CloseButton, Input, InputGroup } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchInputProps {
  /** The search in effect (from the URL, say). */
  value: string;
  /** Called with the new text after a pause, on Enter, or with '' when cleared. */
  onSearch: (value: string) => void;
  /** Accessible name of the box, e.g. 'Search users by name or email'. */
  label: string;
  placeholder?: string;
  delay?: number;
  /** The API limits search text to 100 characters (ListQuerySchema). */
  maxLength?: number;
}

const same = (a: string, b: string) => a.trim() === b.trim();

/** A debounced search box with a clear button. */
export function SearchInput({
  value,
  onSearch,
  label,
  placeholder,
  delay = SEARCH_DEBOUNCE_MS,
  maxLength = 100,
}: SearchInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // The last text reported or received: outside changes are told apart from the echo of our own reports.
  const sent = useRef(value);
  const report = useEffectEvent((next: string) => {
    sent.current = next;
    onSearch(next);
  });

  useEffect(() => {
    if (same(value, sent.current)) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (same(text, sent.current)) return;
    // Enter may have reported this text meanwhile: then the pause has nothing left to send.
    const timer = setTimeout(() => {
      if (!same(text, sent.current)) report(text);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay]);

  const clear = () => {
    setText('');
    report('');
  };

  return (
    <InputGroup
      endElement={
        text ? <CloseButton size="xs" variant="ghost" aria-label={t('data.clearSearch')} onClick={clear} /> : undefined
      }
    >
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !same(text, sent.current)) report(text);
          if (event.key === 'Escape' && text) clear();
        }}
      />
    </InputGroup>
  );
}

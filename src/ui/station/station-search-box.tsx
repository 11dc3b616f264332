/**
 * The stations' one search box: large, names and numbers, searched on every keystroke by the
 * screen. A badge scanned while the box has the focus types into it: a whole code in an empty box is the screen's to
 * recognise (its text), and a code typed after other text is told by its speed and handed to `onScan`, like
 * anywhere on the page.
 */
import { Input } from '@chakra-ui/react';
import { memo, useRef } from 'react';
import { createBurstDetector } from '../badge-scanner/badge-burst';

export interface StationSearchBoxProps {
  /** The field's name (its label). */
  label: string;
  /**
   * The HTML placeholder attribute: a translated example of what to type shown in the empty box ('Type your name or
   * number, or scan your badge'). Real hint text for the person, not a stand-in for missing code; the label names the
   * field.
   */
  placeholder: string;
  value: string;
  onQuery: (text: string) => void;
  onScan: (code: string) => void;
}

/** The search box. */
export const StationSearchBox = memo(function StationSearchBox({
  label,
  placeholder,
  value,
  onQuery,
  onScan,
}: StationSearchBoxProps) {
  const scanner = useRef(createBurstDetector());
  return (
    <Input
      type="search"
      size="2xl"
      fontSize="2xl"
      autoComplete="off"
      spellCheck={false}
      aria-label={label}
      placeholder={placeholder}
      value={value}
      maxLength={100}
      onChange={(event) => onQuery(event.target.value)}
      onKeyDown={(event) => {
        const code = scanner.current.key(event.key, performance.now());
        if (code === null) return;
        event.preventDefault();
        onScan(code);
      }}
    />
  );
});

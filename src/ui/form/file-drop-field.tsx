/**
 * A file to send, chosen with a button or dropped on the field (the imports' zip and CSV). The button is what a
 * keyboard and a screen reader use; dropping is the desk's shortcut. The chosen file's name and size show under it,
 * and a refusal (the screen's own check or the server's 422 on `file`) shows as the field's error.
 */
import { Box, Button, Field, Stack, Text } from '@chakra-ui/react';
import { type DragEvent, useId, useRef, useState } from 'react';

export interface FileDropFieldProps {
  /** The field's name, also the hidden file input's accessible name. */
  label: string;
  chooseText: string;
  dropText: string;
  /** What the browser's chooser offers (`.zip,application/zip`). */
  accept: string;
  /** The file chosen, shown under the button (its text given by the screen: name and size). */
  chosenText?: string | null;
  error?: string | null;
  disabled?: boolean;
  onChoose: (file: File) => void;
}

/** The size of a file in megabytes, as `2.4 MB` in the reader's language. */
export function formatFileSize(bytes: number, locale: string): string {
  const mb = bytes / 1024 / 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: mb < 10 ? 1 : 0,
  }).format(mb);
}

/** The field: a button that opens the chooser, a zone that takes a dropped file, the chosen file and the error. */
export function FileDropField(props: FileDropFieldProps) {
  const { label, chooseText, dropText, accept, chosenText, error, disabled, onChoose } = props;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const labelId = useId();

  const take = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (file && !disabled) onChoose(file);
  };
  const over = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <Field.Root invalid={Boolean(error)}>
      <Stack gap="2" w="full" role="group" aria-labelledby={labelId}>
        <Text id={labelId} fontWeight="medium">
          {label}
        </Text>
        <Box
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={error ? 'border.error' : dragging ? 'colorPalette.solid' : 'border'}
          colorPalette="primary"
          bg={dragging ? 'colorPalette.subtle' : 'bg.subtle'}
          rounded="md"
          p="4"
          onDragOver={over}
          onDragEnter={over}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <Stack gap="2" align="center" textAlign="center">
            <input
              ref={input}
              type="file"
              name="file"
              accept={accept}
              aria-label={label}
              style={{ display: 'none' }}
              onChange={(e) => take(e.target.files?.[0])}
            />
            <Button minH="11" colorPalette="primary" disabled={disabled} onClick={() => input.current?.click()}>
              {chooseText}
            </Button>
            <Text fontSize="sm" color="fg.muted">
              {dropText}
            </Text>
            {chosenText && (
              <Text fontSize="sm" fontWeight="medium" wordBreak="break-word">
                {chosenText}
              </Text>
            )}
          </Stack>
        </Box>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Stack>
    </Field.Root>
  );
}

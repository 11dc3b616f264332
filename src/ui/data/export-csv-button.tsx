/**
 * Export of a filtered list as CSV: every page of it (not only the one on screen), fetched one after another at the
 * largest page size, then offered as a file. When the range takes more than one page, a progress bar says how far it
 * got. The screen names the list, builds the file from the rows and gives the texts (in its own namespace).
 */
import { Button, HStack, Progress, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { fetchAllPages, type ListCall, type PageProgress } from '../../api/fetch-all-pages';
import type { ListParams } from '../../api/resource';
import { addNotification } from '../notifications';
import { downloadCsv } from './csv';

/** A CSV file: its name, header and rows. */
export interface CsvFile {
  fileName: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

export interface ExportCsvTexts {
  button: string;
  /** The progress bar's label while pages come in. */
  progress: (progress: PageProgress) => string;
  /** The notice once the file is offered. */
  done: (count: number) => string;
  /** The notice when a call failed (not when the screen was left). */
  failed: (error: unknown) => string;
}

/**
 * The words a screen's namespace gives an export (`export.button`, `export.progress`, `export.done` with a count): its
 * `t`. The options are always given, as a typed `t` asks for them with the keys that fill in values.
 */
export type ExportWords = (
  key: 'export.button' | 'export.progress' | 'export.done',
  options: { done?: number; pages?: number; count?: number; total?: string },
) => string;

/**
 * The usual texts from the screen's namespace (`t`): Export CSV, 'Exporting… page 2 of 5', '1,204 records exported.'
 * (the count written in `locale`); the failure in the screen's words.
 */
export function exportCsvTexts(t: ExportWords, locale: string, failed: (error: unknown) => string): ExportCsvTexts {
  return {
    button: t('export.button', {}),
    progress: (progress) => t('export.progress', { ...progress }),
    done: (count) => t('export.done', { count, total: count.toLocaleString(locale) }),
    failed,
  };
}

export interface ExportCsvButtonProps<T> {
  list: ListCall<T>;
  params: Omit<ListParams, 'page' | 'per_page'>;
  /** The file of the fetched rows (it may look up more, e.g. names the rows lack). */
  toCsv: (rows: T[]) => CsvFile | Promise<CsvFile>;
  texts: ExportCsvTexts;
  disabled?: boolean;
  /** The page size to fetch at, when the list allows fewer than MAX_PER_PAGE a page. */
  perPage?: number;
}

/** An Export CSV button and its progress. */
export function ExportCsvButton<T>({ list, params, toCsv, texts, disabled, perPage }: ExportCsvButtonProps<T>) {
  const [progress, setProgress] = useState<PageProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ done: 0, pages: 1 });
    try {
      const records = await fetchAllPages(list, params, {
        signal: controller.signal,
        onProgress: setProgress,
        perPage,
      });
      const file = await toCsv(records);
      downloadCsv(file.fileName, file.header, file.rows);
      addNotification({ text: texts.done(records.length), type: 'success' });
    } catch (error) {
      if (!controller.signal.aborted) addNotification({ text: texts.failed(error), type: 'error' });
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  return (
    <HStack gap="3" wrap="wrap">
      <Button variant="outline" onClick={run} loading={progress !== null} disabled={disabled}>
        {texts.button}
      </Button>
      {progress && progress.pages > 1 && (
        <Progress.Root value={progress.done} max={progress.pages} w="12rem" size="sm" colorPalette="primary">
          <Progress.Label>
            <Text fontSize="sm" role="status">
              {texts.progress(progress)}
            </Text>
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
    </HStack>
  );
}

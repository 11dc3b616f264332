/** The notices' texts by language (users.language); a language without a module reads English. */
import type { Language } from '../../../../src/contract';
import { en } from './en';
import { es } from './es';
import type { NoticeTexts } from './types';

export type { Message, NoticeTexts } from './types';

const TEXTS: Record<Language, NoticeTexts> = { en, es };

export const textsFor = (language: string): NoticeTexts => TEXTS[language as Language] ?? en;

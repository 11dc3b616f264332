/**
 * The words the school's own data carries, in the reader's language: the demo school's and the
 * default settings' late and departure reasons, and "Room" before a homeroom number. Anything else is the school's
 * own free text and shows as the school wrote it (the fallback a test covers); a reason of 'Other: …' translates its
 * prefix and keeps the person's words. A school that writes its reasons' Spanish (school_settings.reasons_es) has
 * them shown to Spanish readers (the Arrivals station, the portal).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The reasons the default school settings carry (migration 0004), by their key in common.json's `schoolData`. */
export const KNOWN_REASONS: Readonly<Record<string, string>> = {
  'Medical appointment': 'medicalAppointment',
  Transportation: 'transportation',
  Overslept: 'overslept',
  'Family emergency': 'familyEmergency',
  Weather: 'weather',
  Illness: 'illness',
  'Religious observance': 'religiousObservance',
  'School activity': 'schoolActivity',
};

const ROOM = /^Room\s+(\S.*)$/;
const OTHER = /^Other:\s*(.*)$/s;

export interface SchoolWords {
  /** A homeroom as the reader says it ('Room 12' → 'Salón 12'); other names as they are. */
  homeroom: (text: string | null | undefined) => string;
  /** A reason as the reader says it; the school's own reasons as they are. */
  reason: (text: string | null | undefined) => string;
  /** A text the school wrote in English and maybe in Spanish (an announcement, a conference's welcome), in the
   * reader's language: the Spanish for a Spanish reader when the school wrote it, the English otherwise. */
  text: (english: string, spanish: string | null | undefined) => string;
}

/** `english` and `spanish` as a reader of `language` reads them (see `SchoolWords.text`). */
export function inReaderLanguage(language: string, english: string, spanish: string | null | undefined): string {
  return language === 'es' && spanish?.trim() ? spanish : english;
}

/**
 * The school's words in the current language. `reasonsEs`: the school's own Spanish wording of its reasons, by the
 * English reason (school_settings.reasons_es), which comes before the app's wording of the default ones.
 */
export function useSchoolWords(reasonsEs?: Readonly<Record<string, string>> | null): SchoolWords {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const known = (text: string) => {
      const school = language === 'es' ? reasonsEs?.[text]?.trim() : undefined;
      if (school) return school;
      const key = KNOWN_REASONS[text];
      return key ? t(`schoolData.reasons.${key}` as 'schoolData.room', { defaultValue: text }) : text;
    };
    return {
      homeroom: (text) => {
        if (!text) return '';
        const room = ROOM.exec(text);
        return room ? t('schoolData.room', { number: room[1] }) : text;
      },
      reason: (text) => {
        if (!text) return '';
        const other = OTHER.exec(text);
        if (other) return t('schoolData.other', { text: other[1] });
        return known(text);
      },
      text: (english, spanish) => inReaderLanguage(language, english, spanish),
    };
  }, [t, language, reasonsEs]);
}

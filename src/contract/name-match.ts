/**
 * The typed name of an electronic signature: it must be the signer's full name on record, with case
 * and spacing aside ("  ana   LÓPEZ " signs for "Ana López"). Accents and other letters count: a different letter is a
 * different name. Pure, so the web app says at once what the server will refuse.
 */

/** The name as compared: Unicode NFC, trimmed, runs of whitespace as one space, lower case. */
export function normalizeName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('und');
}

/** True when the typed name is the full name on record (first and last name), case and spacing aside. */
export function namesMatch(typed: string, onRecord: string): boolean {
  const want = normalizeName(onRecord);
  return want.length > 0 && normalizeName(typed) === want;
}

/** The full name on record as a signer types it: first name, then last name. */
export const fullName = (person: { fname: string; lname: string }): string =>
  `${person.fname.trim()} ${person.lname.trim()}`;

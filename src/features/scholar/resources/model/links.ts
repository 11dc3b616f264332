/**
 * Scholar Resources and Library, free of React: the search a scholar types (on the device: the list
 * is small and must work offline) and the grouping by subject.
 *
 * The search ignores case and accents ('matematicas' finds 'Matemáticas': families type on phones, often without
 * accents), and each word typed must appear in the title, the description or the subject.
 */

/** What of a link the search and the grouping read. */
export interface LinkLike {
  id: string;
  subject: string;
  title: string;
  description: string | null;
  position: number;
}

/** Lower case, accents off, spaces collapsed. */
export const foldText = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/** The links whose title, description or subject hold every word of `search` (all of them when it is blank). */
export function searchLinks<T extends LinkLike>(links: readonly T[], search: string): T[] {
  const words = foldText(search).split(' ').filter(Boolean);
  if (words.length === 0) return [...links];
  return links.filter((link) => {
    const text = foldText(`${link.title} ${link.description ?? ''} ${link.subject}`);
    return words.every((word) => text.includes(word));
  });
}

/** A subject with its links. */
export interface SubjectGroup<T extends LinkLike> {
  subject: string;
  links: T[];
}

/** The links grouped by subject: subjects in the language's alphabetical order, links by position, then title. */
export function groupBySubject<T extends LinkLike>(links: readonly T[], locale: string): SubjectGroup<T>[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const groups = new Map<string, SubjectGroup<T>>();
  for (const link of links) {
    const subject = link.subject.trim();
    // 'Math' and 'math ' are one subject; the first spelling met names it.
    const key = foldText(subject);
    const group = groups.get(key) ?? { subject, links: [] };
    group.links.push(link);
    groups.set(key, group);
  }
  const sorted = [...groups.values()].sort((a, b) => collator.compare(a.subject, b.subject));
  for (const group of sorted) {
    group.links.sort((a, b) => a.position - b.position || collator.compare(a.title, b.title));
  }
  return sorted;
}

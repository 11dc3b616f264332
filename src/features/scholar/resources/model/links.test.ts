import { describe, expect, it } from 'vitest';
import { foldText, groupBySubject, searchLinks } from './links';

const link = (id: string, subject: string, title: string, position: number, description: string | null = null) => ({
  id,
  subject,
  title,
  description,
  position,
});

const LINKS = [
  link('1', 'Science', 'Lab safety', 2, 'Rules for the lab'),
  link('2', 'Matemáticas', 'Fracciones', 1),
  link('3', 'Science', 'Periodic table', 1, 'Elements and their symbols'),
  link('4', 'art', 'Color wheel', 0),
  link('5', 'Science ', 'Microscopes', 1, 'How to focus'),
  link('6', 'Math', 'Khan Academy', 0, 'Videos and practice'),
];

describe('searchLinks', () => {
  it('finds every word in the title, description or subject, ignoring case and accents', () => {
    expect(searchLinks(LINKS, '').map((l) => l.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(searchLinks(LINKS, '  ').map((l) => l.id)).toHaveLength(6);
    expect(searchLinks(LINKS, 'LAB').map((l) => l.id)).toEqual(['1']);
    expect(searchLinks(LINKS, 'symbols').map((l) => l.id)).toEqual(['3']);
    expect(searchLinks(LINKS, 'matematicas').map((l) => l.id)).toEqual(['2']);
    expect(searchLinks(LINKS, 'science focus').map((l) => l.id)).toEqual(['5']);
    expect(searchLinks(LINKS, 'science art')).toEqual([]);
    expect(searchLinks(LINKS, 'zebra')).toEqual([]);
  });

  it('folds text', () => {
    expect(foldText('  Ñandú  Árbol ')).toBe('nandu arbol');
  });
});

describe('groupBySubject', () => {
  it('sorts subjects alphabetically and links by position then title; one group per subject spelling', () => {
    const groups = groupBySubject(LINKS, 'en');
    expect(groups.map((g) => [g.subject, g.links.map((l) => l.title)])).toEqual([
      ['art', ['Color wheel']],
      ['Matemáticas', ['Fracciones']],
      ['Math', ['Khan Academy']],
      ['Science', ['Microscopes', 'Periodic table', 'Lab safety']],
    ]);
  });

  it('groups nothing into nothing', () => {
    expect(groupBySubject([], 'es')).toEqual([]);
  });
});

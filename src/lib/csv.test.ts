import { describe, expect, it } from 'vitest';
import { csvField, csvText } from './csv';

describe('csv', () => {
  it('quotes every field and doubles its quotes', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('')).toBe('""');
    expect(csvField('Núñez, Ana')).toBe('"Núñez, Ana"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses every value a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\n']) {
      expect(csvField(`${start}1+1`)).toBe(`"'${start}1+1"`);
    }
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-5')).toBe(`"'-5"`);
  });

  it('keeps a value with a semicolon and a formula after it in one quoted field, for locales that split on ;', () => {
    const text = csvText(['Name'], [['Smith;=1+1']]);
    expect(text).toBe('"Name"\r\n"Smith;=1+1"\r\n');
    // Split as a semicolon-locale spreadsheet reads it: the quotes keep the value whole, so no cell starts with =.
    const cells = text.split('\r\n')[1]?.match(/"(?:[^"]|"")*"|[^;]+/g) ?? [];
    expect(cells).toEqual(['"Smith;=1+1"']);
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(csvText(['a', 'b'], [['1', '2,3']])).toBe('"a","b"\r\n"1","2,3"\r\n');
  });
});

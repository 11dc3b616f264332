import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(csvField('García, María')).toBe('"García, María"');
    expect(csvField('Said "hi"')).toBe('"Said ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('plain')).toBe('plain');
    expect(csvField('')).toBe('');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@cmd')).toBe("'@cmd");
  });

  it('writes a header and rows with CRLF line ends after a byte order mark', () => {
    const text = toCsv(
      ['Name', 'Reason'],
      [
        ['Ada Lovelace', 'Other: bus, late'],
        ['José Núñez', ''],
      ],
    );
    expect(text).toBe('\uFEFFName,Reason\r\nAda Lovelace,"Other: bus, late"\r\nJosé Núñez,\r\n');
  });
});

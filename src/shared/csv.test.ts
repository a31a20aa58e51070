import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV cells', () => {
  it('each dangerous first character gets a leading quote; harmless text and the empty-cell dash are left alone', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('-')).toBe('-');
    expect(csvCell('a-b = c')).toBe('a-b = c');
    expect(csvCell('')).toBe('');
    expect(csvCell('2025-06-01')).toBe('2025-06-01');
    expect(csvCell('CH-000101')).toBe('CH-000101');
  });

  it('quotes commas, quotes and line breaks (RFC 4180) after neutralising', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('\r')).toBe(`"'\r"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('quotes a semicolon, which splits a cell where it is the list separator', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
    expect(csvCell('=1;2')).toBe(`"'=1;2"`);
  });

  it('writes every text as the rule does: a leading quote before a formula start unless a lone dash, then RFC 4180 quoting', () => {
    const rule = (text: string) => {
      const safe = text !== '-' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    const alphabet = ['a', 'Z', ' ', '-', '=', '+', '@', '\t', '\r', '\n', ',', ';', '"', "'", 'é', '1'];
    // Every text of up to 3 characters from the alphabet: 4,369 texts, each start and each mark.
    let texts = [''];
    const all = [''];
    for (let n = 0; n < 3; n++) {
      texts = texts.flatMap((t) => alphabet.map((c) => t + c));
      all.push(...texts);
    }
    expect(all.filter((t) => csvCell(t) !== rule(t))).toEqual([]);
  });

  it('writes a file of CRLF records, header first', () => {
    expect(toCsv(['A', 'B'], [['1', '=x']])).toBe("A,B\r\n1,'=x\r\n");
  });
});

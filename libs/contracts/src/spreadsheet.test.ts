import { describe, expect, it } from 'vitest';
import { neutraliseSpreadsheetCell } from './spreadsheet';

describe('spreadsheet export cells', () => {
  it('when a value starts like a formula, then it gets a leading apostrophe so it stays text', () => {
    for (const value of [
      '=HYPERLINK("http://evil.example","x")',
      '+1+2',
      '-2+3',
      '@SUM(A1:A2)',
      '\t=1',
      '\r=1',
    ]) {
      expect(neutraliseSpreadsheetCell(value)).toBe(`'${value}`);
    }
  });

  it('when a value is plain text, a number in the middle or empty, then it is written as it is', () => {
    for (const value of ['Singapore', 'Rotterdam = Europoort', '1-2', 'ops@bunkers.example', '', "'quoted"]) {
      expect(neutraliseSpreadsheetCell(value)).toBe(value);
    }
  });
});

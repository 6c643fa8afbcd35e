import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { UNLOCODE_COUNTRIES, UNLOCODE_STATUSES } from '../src/domain/ports/unlocode-codes';

const referenceCodes = (name: string) => {
  const rows: string[][] = parse(
    readFileSync(resolve(import.meta.dirname, '../../../../shared/data/unlocode', name)),
  );
  return rows
    .slice(1)
    .map((r) => r[0])
    .sort();
};

describe('UN/LOCODE code lists carried by the product', () => {
  it('when compared with the reference country-codes.csv and status-indicators.csv, then they hold exactly the same codes', () => {
    expect([...UNLOCODE_COUNTRIES].sort()).toEqual(referenceCodes('country-codes.csv'));
    expect([...UNLOCODE_STATUSES].sort()).toEqual(referenceCodes('status-indicators.csv'));
  });
});

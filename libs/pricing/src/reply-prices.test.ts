import { describe, expect, it } from 'vitest';
import { readReplyPrices } from './reply-prices';

const VLSFO = { id: 'l-vlsfo', product_name: 'VLSFO' };
const MGO = { id: 'l-mgo', product_name: 'MGO 0.1%' };
const HSFO = { id: 'l-hsfo', product_name: 'HSFO 3.5%' };
const asked = [VLSFO, MGO];

describe('readReplyPrices', () => {
  it('reads a grade followed by its price', () => {
    expect(readReplyPrices('VLSFO 598', asked)).toEqual([{ line_id: 'l-vlsfo', price_per_mt: '598' }]);
  });

  it('reads a price marked as money, passing over the sulphur content', () => {
    expect(readReplyPrices('MGO 0.1%: USD 745/mt', asked)).toEqual([
      { line_id: 'l-mgo', price_per_mt: '745' },
    ]);
    expect(readReplyPrices('VLSFO 0.5% - $612.50 pmt', asked)).toEqual([
      { line_id: 'l-vlsfo', price_per_mt: '612.50' },
    ]);
  });

  it('reads a price before its grade, and a grade said not to be available', () => {
    expect(readReplyPrices('can do 598 for VLSFO, MGO not available', asked)).toEqual([
      { line_id: 'l-vlsfo', price_per_mt: '598' },
      { line_id: 'l-mgo', unavailable: true },
    ]);
  });

  it('reads several grades on one line, each with the number after it', () => {
    expect(readReplyPrices('Prices: VLSFO 598 MGO 745', [VLSFO, MGO, HSFO])).toEqual([
      { line_id: 'l-vlsfo', price_per_mt: '598' },
      { line_id: 'l-mgo', price_per_mt: '745' },
    ]);
  });

  it('passes over quantities, spec editions and thousands commas', () => {
    const text = 'VLSFO ISO 8217:2017, 500 mt at USD 1,012.00/mt\nHSFO 3.5% 300 mts n/a';
    expect(readReplyPrices(text, [VLSFO, HSFO])).toEqual([
      { line_id: 'l-vlsfo', price_per_mt: '1012.00' },
      { line_id: 'l-hsfo', unavailable: true },
    ]);
  });

  it('leaves out what is unclear: two prices for a grade, a grade it does not name, the quoted request', () => {
    expect(readReplyPrices('VLSFO 598 or 601 depending on barge', asked)).toEqual([]);
    expect(readReplyPrices('VLSFO 598\nVLSFO 605', asked)).toEqual([]);
    expect(readReplyPrices('LSMGO 745, ULSFO 650', asked)).toEqual([]);
    const reply = 'Thanks, will revert.\n\nOn Mon, 1 Dec 2030 at 10:00, Trader wrote:\n> VLSFO 0.5% 500 598';
    expect(readReplyPrices(reply, asked)).toEqual([]);
    expect(readReplyPrices('> MGO 745\nMGO 750', asked)).toEqual([{ line_id: 'l-mgo', price_per_mt: '750' }]);
  });

  it('matches grades in any case and answers nothing for no lines', () => {
    expect(readReplyPrices('vlsfo: 598', asked)).toEqual([{ line_id: 'l-vlsfo', price_per_mt: '598' }]);
    expect(readReplyPrices('VLSFO 598', [])).toEqual([]);
  });
});

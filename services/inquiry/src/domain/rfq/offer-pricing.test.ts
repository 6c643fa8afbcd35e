import { describe, expect, it } from 'vitest';
import type { ChargeInput } from '@mfd/contracts';
import { deliverableQuantity, effectivePrice, indexLookup, landedCost, type IndexValue } from '@mfd/pricing';
import { chargeOf, comparableTotal, priceOffer, type OfferedLine } from './offer-pricing';

const asked = [
  { id: 'vlsfo', quantity_mt_max: '800.0' },
  { id: 'mgo', quantity_mt_max: '100.0' },
];

const fixed = (id: string, price: string, max = '1000.0'): OfferedLine => ({
  product_line_id: id,
  pricing: 'fixed',
  price_per_mt: price,
  index_name: null,
  differential: null,
  max_deliverable: max,
});

const charge = (kind: ChargeInput['kind'], basis: ChargeInput['basis'], amount: string): ChargeInput => ({
  kind,
  basis,
  amount,
  threshold_mt: null,
  amount_above: null,
  product_line_ids: null,
  note: null,
});

describe('an offer priced against its inquiry', () => {
  it('when a line can be delivered only in part, then the total counts the requested max, the deliverable total what it can deliver, and the line says by how much it is short', () => {
    const figures = priceOffer(
      asked,
      [fixed('vlsfo', '600.00', '600.0'), fixed('mgo', '900.00')],
      [charge('barging', 'per_mt', '2')],
      [],
    );
    expect(figures.total_landed_cost).toBe('571800.00');
    // 600 × 600 + 900 × 100 + 2 × 700.
    expect(figures.deliverable_total).toBe('451400.00');
    expect(figures.lines.get('vlsfo')).toMatchObject({ short_by_mt: '200', fuel_cost: '480000.00' });
    expect(figures.lines.get('mgo')!.short_by_mt).toBeNull();
  });

  it('when a requested line is not priced, then the offer is partial and totals its priced lines', () => {
    const figures = priceOffer(asked, [fixed('mgo', '900')], [], []);
    expect(figures).toMatchObject({ partial: true, total_landed_cost: '90000.00', all_in_per_mt: '900.00' });
  });

  it('when an offer prices a line the inquiry no longer has, then that line is left out', () => {
    const figures = priceOffer([asked[1]!], [fixed('vlsfo', '600'), fixed('mgo', '900')], [], []);
    expect([...figures.lines.keys()]).toEqual(['mgo']);
    expect(figures).toMatchObject({ partial: false, total_landed_cost: '90000.00' });
  });

  it('when an index line’s index has a value, then it is priced at value + differential; without, the offer is indicative', () => {
    const index: OfferedLine = {
      product_line_id: 'vlsfo',
      pricing: 'index',
      price_per_mt: null,
      index_name: 'Platts Singapore Marine Fuel 0.5%',
      differential: '-2.50',
      max_deliverable: '800.0',
    };
    const valued = priceOffer(
      asked,
      [index, fixed('mgo', '900')],
      [],
      [{ index_name: 'PLATTS SINGAPORE MARINE FUEL 0.5%', value: '602.50', as_of: '2026-11-20' }],
    );
    expect(valued.lines.get('vlsfo')).toMatchObject({
      index_value: '602.50',
      index_as_of: '2026-11-20',
      effective_price_per_mt: '600.00',
      fuel_cost: '480000.00',
    });
    expect(valued).toMatchObject({ indicative: false, total_landed_cost: '570000.00' });
    const unvalued = priceOffer(asked, [index, fixed('mgo', '900')], [], []);
    expect(unvalued).toMatchObject({
      indicative: true,
      total_landed_cost: null,
      deliverable_total: null,
      all_in_per_mt: null,
    });
    expect(unvalued.lines.get('vlsfo')!.effective_price_per_mt).toBeNull();
  });

  it('when charges are itemised, then the old barging and other fields are the sums of their lump sums only', () => {
    const figures = priceOffer(
      asked,
      [fixed('vlsfo', '600'), fixed('mgo', '900')],
      [
        charge('barging', 'lump_sum', '1000'),
        charge('barging', 'lump_sum', '250.5'),
        charge('barging', 'per_mt', '3'),
        charge('other', 'lump_sum', '99.99'),
        charge('wharfage', 'lump_sum', '10'),
      ],
      [],
    );
    expect(figures.barging_charges).toBe('1250.50');
    expect(figures.other_charges).toBe('99.99');
  });

  it('when a charge row is read back, then its threshold reads as typed ("500", not "500.0")', () => {
    expect(
      chargeOf({
        kind: 'barging',
        basis: 'lump_sum_up_to',
        amount: '1500.00',
        threshold_mt: '500.0',
        amount_above: '3.00',
        product_line_ids: null,
        note: null,
      }),
    ).toMatchObject({ threshold_mt: '500', amount: '1500.00', amount_above: '3.00' });
  });

  it('when offers of every kind are priced, then each figure is the landed cost at the requested max and again at what can be delivered, and the total they are ranked by is none for a partial or indicative offer', () => {
    const values: IndexValue[] = [{ index_name: 'Platts', value: '602.37', as_of: '2026-11-20' }];
    const index = (id: string, name: string, max = '1000.0'): OfferedLine => ({
      product_line_id: id,
      pricing: 'index',
      price_per_mt: null,
      index_name: name,
      differential: '-2.25',
      max_deliverable: max,
    });
    const tariff: ChargeInput = {
      ...charge('barging', 'lump_sum_up_to', '1500'),
      threshold_mt: '500',
      amount_above: '3.125',
    };
    const onMgo: ChargeInput = { ...charge('other', 'percent', '2.5'), product_line_ids: ['mgo'] };
    const mix: [OfferedLine[], ChargeInput[]][] = [
      [[fixed('vlsfo', '600.05'), fixed('mgo', '900.10')], []],
      [
        [fixed('vlsfo', '600.05', '650.0'), fixed('mgo', '900.10', '99.5')],
        [tariff, onMgo],
      ],
      [
        [index('vlsfo', 'platts'), fixed('mgo', '901')],
        [charge('barging', 'per_mt', '2.35'), tariff],
      ],
      [[index('vlsfo', 'Argus', '700.0'), fixed('mgo', '901')], [charge('other', 'percent', '5')]],
      [
        [fixed('mgo', '899.99', '10.0')],
        [charge('barging', 'lump_sum', '333.33'), charge('other', 'per_hour', '850')],
      ],
      // A line the inquiry no longer has, and a charge on it alone.
      [
        [fixed('vlsfo', '600.05'), fixed('mgo', '900.10'), fixed('hsfo', '480')],
        [
          { ...charge('other', 'per_mt', '4'), product_line_ids: ['hsfo'] },
          charge('barging', 'per_mt', '1.5'),
        ],
      ],
    ];
    for (const [lines, charges] of mix) {
      const figures = priceOffer(asked, lines, charges, values);
      const priced = asked.flatMap((a) => {
        const line = lines.find((l) => l.product_line_id === a.id);
        return line
          ? [{ a, line, price: effectivePrice(line, indexLookup(values)).effective_price_per_mt }]
          : [];
      });
      const at = (quantity: (p: (typeof priced)[number]) => string) =>
        landedCost(
          priced.map((p) => ({ product_line_id: p.a.id, price_per_mt: p.price, quantity_mt: quantity(p) })),
          charges,
        );
      const requestedMax = at((p) => p.a.quantity_mt_max);
      expect(figures).toMatchObject({
        charges: requestedMax.charges,
        fuel_cost: requestedMax.fuel_cost,
        charges_cost: requestedMax.charges_cost,
        total_landed_cost: requestedMax.total_landed_cost,
        all_in_per_mt: requestedMax.all_in_per_mt,
        indicative: requestedMax.indicative,
        deliverable_total: at((p) => deliverableQuantity(p.a.quantity_mt_max, p.line.max_deliverable))
          .total_landed_cost,
      });
      for (const line of requestedMax.lines)
        expect(figures.lines.get(line.product_line_id)!.fuel_cost).toBe(line.fuel_cost);
      expect(comparableTotal(asked, lines, charges, values)).toBe(
        figures.partial ? null : figures.total_landed_cost,
      );
    }
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailTemplate, RfqMailFacts, SignatureView } from '@mfd/contracts';
import { launchChromium } from '@mfd/testing/chromium';
import { renderMail } from '../src/templates';

/** An iPhone SE / mini: the narrowest screen a supplier reads mail on. */
const PHONE = { width: 375, height: 812 };

const rfq: RfqMailFacts = {
  vessel_name: 'MV EXTRAORDINARILY-LONG-VESSEL-NAME-OF-THE-NORTHERN-SEAS-BULK-CARRIER-SEVENTEEN',
  imo: '9876543',
  port_name: 'Santa Cruz de Tenerife Outer Anchorage and Oil Terminal Berths',
  port_unlocode: 'ESSCT',
  port_timezone: 'Atlantic/Canary',
  eta: '2026-11-25T00:00:00Z',
  etb: '2026-11-25T06:00:00Z',
  etd: '2026-11-26T12:00:00Z',
  selling_terms:
    'Seller’s GT&C apply; payment 30 days from delivery; https://terms.bunkers.example/general-terms-and-conditions-2026-edition.pdf',
  products: [
    {
      product_name: 'VLSFO 0.5% Very-Low-Sulphur-Fuel-Oil',
      iso_spec: 'ISO 8217:2017 RMG 380',
      quantity_mt_min: '12500.0',
      quantity_mt_max: '15000.5',
    },
    {
      product_name: 'MGO',
      iso_spec: 'ISO 8217:2017 DMA',
      quantity_mt_min: '100.0',
      quantity_mt_max: '150.0',
    },
  ],
};

const signature: SignatureView = {
  full_name: 'Maria Alexandra Jensen-Christoffersen',
  title: 'Senior Bunker Trader, Europe, Middle East and Africa',
  company_name: 'Nordic Bunkers International Trading and Brokerage A/S',
  phone: '+45 33 12 34 56',
  email: 'maria.alexandra.jensen-christoffersen@nordicbunkers-international.example',
  website: 'https://www.nordicbunkers-international-trading-and-brokerage.example/our-team',
  address: 'Amaliegade 10, 1256 København K, Denmark',
  additional_info: '24/7 desk: +45 33 12 34 00',
};

const supplier = 'Neptune Bunkering and Marine Fuel Supply Services International Pte. Ltd.';
const token = `${'Q'.repeat(22)}_${'x'.repeat(20)}`;
const reply_by = '2026-11-24T10:00:00Z';

/** Every mail a supplier gets, each with the longest names it may carry. */
const MAILS: MailTemplate[] = [
  { template: 'rfq-invitation', data: { supplier_name: supplier, rfq, reply_by, token } },
  {
    template: 'rfq-amendment',
    data: {
      supplier_name: supplier,
      rfq,
      reply_by,
      token,
      changes: [
        {
          label: 'VLSFO 0.5% Very-Low-Sulphur-Fuel-Oil quantity',
          before: '12,000 – 15,000 MT',
          after: '12,500 – 15,000.5 MT',
        },
      ],
    },
  },
  {
    template: 'offer-awarded',
    data: {
      supplier_name: supplier,
      rfq,
      agent_name: 'Wilhelmsen Ships Service Canary Islands',
      agent_email: 'operations.canary-islands@wilhelmsen-ships-service.example',
      lines: [
        {
          ...rfq.products[0]!,
          pricing: 'fixed',
          price_per_mt: '612.5',
          index_name: null,
          differential: null,
          delivery_method: 'barge',
        },
        {
          ...rfq.products[1]!,
          pricing: 'index',
          price_per_mt: null,
          index_name: 'MOPS Gasoil 0.1% Singapore Cargo Assessment (Platts)',
          differential: '-2.50',
          delivery_method: 'ex-wharf',
        },
      ],
      charges: [
        {
          kind: 'barging',
          basis: 'lump_sum_up_to',
          amount: '1500.00',
          threshold_mt: '500',
          amount_above: '3.00',
          product_names: null,
          note: 'Barge from the Outer Anchorage to the berth, including mooring and unmooring',
          amount_usd: '46500.00',
          contingent: false,
        },
        {
          kind: 'demurrage',
          basis: 'per_hour',
          amount: '850.00',
          threshold_mt: null,
          amount_above: null,
          product_names: ['VLSFO 0.5% Very-Low-Sulphur-Fuel-Oil'],
          note: null,
          amount_usd: null,
          contingent: true,
        },
      ],
      fuel_cost: '9188086.25',
      charges_cost: '46500.00',
      total_landed_cost: '9234586.25',
      payment: { method: 'credit', days: 30, basis: 'delivery' },
      payment_terms:
        'Letter of credit not required; invoices to accounts-payable@nordicbunkers-international.example',
      notes: null,
    },
  },
  { template: 'offer-not-awarded', data: { supplier_name: supplier, rfq } },
  { template: 'rfq-cancelled', data: { supplier_name: supplier, rfq, reason: 'Vessel diverted' } },
];

describe('supplier mails on a phone (375 px wide)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it.each(MAILS.map((mail) => [mail.template, mail] as const))(
    'when %s with long names is opened on a phone, then it fits the screen without sideways scrolling',
    async (_name, template) => {
      const mail = await renderMail(template, {
        appUrl: 'https://app.marinefuel.example',
        signature,
        sender: { name: signature.full_name, company: signature.company_name },
      });
      const context = await browser.newContext({ viewport: PHONE });
      try {
        const page = await context.newPage();
        await page.setContent(mail.html);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(PHONE.width);
        if (template.template === 'rfq-invitation' || template.template === 'rfq-amendment') {
          // The button and the address under it are there to tap, within the screen.
          const link = page.getByRole('link', { name: /^https:\/\/app\.marinefuel\.example\/offer\// });
          const box = await link.boundingBox();
          expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
          const button = await page.getByRole('link', { name: /your offer$/ }).boundingBox();
          expect(button!.x + button!.width).toBeLessThanOrEqual(PHONE.width);
        }
      } finally {
        await context.close();
      }
    },
  );
});

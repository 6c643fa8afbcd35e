import { render, toPlainText } from '@react-email/render';
import { simpleParser } from 'mailparser';
import type { ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rfqMailFacts, type MailTemplate, type RfqMailFacts, type SignatureView } from '@mfd/contracts';
import { openSecrets } from '../src/domain/open-secrets';
import { smtpMessage } from '../src/domain/smtp-message';
import { renderMail } from '../src/templates';
import { rfqAmendment } from '../src/templates/rfq-amendment';
import { rfqInvitation } from '../src/templates/rfq-invitation';
import { startMailer, type MailerHarness } from './harness';
import { wire } from './wire';

const appUrl = 'https://app.marinefuel.example';
const signature: SignatureView = {
  full_name: 'Maria Jensen',
  title: 'Bunker Trader',
  company_name: 'Nordic Bunkers',
  phone: '+45 33 12 34 56',
  email: 'maria@nordicbunkers.example',
  website: null,
  address: null,
  additional_info: null,
};
const sender = { name: 'Maria Jensen', company: 'Nordic Bunkers' };
const ctx = { appUrl, signature, sender };

function rfq(overrides: Partial<RfqMailFacts> = {}): RfqMailFacts {
  return {
    vessel_name: 'MV Ocean Star',
    imo: '9876543',
    port_name: 'Singapore',
    port_unlocode: 'SGSIN',
    port_timezone: 'Asia/Singapore',
    eta: '2026-11-25T00:00:00Z',
    etb: null,
    etd: '2026-11-26T12:00:00Z',
    selling_terms: 'Seller’s GT&C apply',
    products: [
      {
        product_name: 'VLSFO',
        iso_spec: 'ISO 8217:2017 RMG 380',
        quantity_mt_min: '500.0',
        quantity_mt_max: '1000.0',
      },
      {
        product_name: 'MGO',
        iso_spec: 'ISO 8217:2017 DMA',
        quantity_mt_min: '100.0',
        quantity_mt_max: '150.0',
      },
    ],
    ...overrides,
  };
}

const TOKEN = 'q3K9x_-Vb2mZ8fN1cR4tY7uW0eA5sD6gH3jL2kP9oI1';
const link = `${appUrl}/offer/${TOKEN}`;

const invitation = (data: Partial<Extract<MailTemplate, { template: 'rfq-invitation' }>['data']> = {}) =>
  ({
    template: 'rfq-invitation',
    data: {
      supplier_name: 'Neptune Bunkering',
      rfq: rfq(),
      reply_by: '2026-11-24T10:00:00Z',
      token: TOKEN,
      ...data,
    },
  }) satisfies MailTemplate;

const amendment = (data: Partial<Extract<MailTemplate, { template: 'rfq-amendment' }>['data']> = {}) =>
  ({
    template: 'rfq-amendment',
    data: {
      ...invitation().data,
      changes: [
        { label: 'ETA', before: '24 Nov 2026 08:00 local', after: '25 Nov 2026 08:00 local' },
        { label: 'VLSFO quantity', before: '500 – 800 MT', after: '500 – 1,000 MT' },
      ],
      ...data,
    },
  }) satisfies MailTemplate;

const awarded = (data: Partial<Extract<MailTemplate, { template: 'offer-awarded' }>['data']> = {}) =>
  ({
    template: 'offer-awarded',
    data: {
      supplier_name: 'Neptune Bunkering',
      rfq: rfq(),
      agent_name: 'Wilhelmsen Ships Service',
      agent_email: 'ops.sg@wilhelmsen.example',
      lines: [
        {
          product_name: 'VLSFO',
          iso_spec: 'ISO 8217:2017 RMG 380',
          quantity_mt_min: '500.0',
          quantity_mt_max: '1000.0',
          pricing: 'fixed',
          price_per_mt: '612.5',
          index_name: null,
          differential: null,
          delivery_method: 'barge',
        },
        {
          product_name: 'MGO',
          iso_spec: 'ISO 8217:2017 DMA',
          quantity_mt_min: '100.0',
          quantity_mt_max: '150.0',
          pricing: 'index',
          price_per_mt: null,
          index_name: 'MOPS Gasoil 0.1%',
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
          note: null,
          amount_usd: '3450.00',
          contingent: false,
        },
        {
          kind: 'tax',
          basis: 'percent',
          amount: '5.00',
          threshold_mt: null,
          amount_above: null,
          product_names: ['VLSFO'],
          note: 'GST',
          amount_usd: '30625.00',
          contingent: false,
        },
        {
          kind: 'demurrage',
          basis: 'per_hour',
          amount: '850.00',
          threshold_mt: null,
          amount_above: null,
          product_names: null,
          note: null,
          amount_usd: null,
          contingent: true,
        },
      ],
      fuel_cost: '1200442.50',
      charges_cost: '34125.00',
      total_landed_cost: '1234567.5',
      payment: { method: 'credit', days: 30, basis: 'delivery' },
      payment_terms: 'Letter of credit not required',
      notes: 'Please contact the agent 24 h before arrival.',
      ...data,
    },
  }) satisfies MailTemplate;

const notAwarded = () =>
  ({
    template: 'offer-not-awarded',
    data: { supplier_name: 'Neptune Bunkering', rfq: rfq() },
  }) satisfies MailTemplate;

const cancelled = (reason: string | null = 'Vessel diverted to Port Klang') =>
  ({
    template: 'rfq-cancelled',
    data: { supplier_name: 'Neptune Bunkering', rfq: rfq(), reason },
  }) satisfies MailTemplate;

const EVERY_RFQ_MAIL: MailTemplate[] = [invitation(), amendment(), awarded(), notAwarded(), cancelled()];

describe('the distribution mail (rfq-invitation)', () => {
  it('when a supplier is invited, then the subject leads with vessel, port and the reply-by time in port time', async () => {
    const mail = await renderMail(invitation(), ctx);
    expect(mail.subject).toBe('RFQ: MV Ocean Star, Singapore (SGSIN), reply by 24 Nov 18:00 UTC+8');
  });

  it('when a supplier is invited, then both parts open with who asks, before the port call', async () => {
    const mail = await renderMail(invitation(), ctx);
    expect(mail.text.startsWith('Request for quotation from Nordic Bunkers\n')).toBe(true);
    const visible = mail.html.replace(/<div[^>]*data-skip-in-text[^>]*>[\s\S]*?<\/div><\/div>/, '');
    const opening = visible.indexOf('Request for quotation from Nordic Bunkers');
    expect(opening).toBeGreaterThan(-1);
    expect(opening).toBeLessThan(visible.indexOf('Port call'));
    expect(visible.replace(/<[^>]+>/g, '').indexOf('Request for quotation from Nordic Bunkers')).toBe(0);
  });

  it('when the trader’s company is unknown, then the invitation names the trader; when nobody is known, nobody', async () => {
    const byPerson = await renderMail(invitation(), {
      ...ctx,
      sender: { name: 'Maria Jensen', company: null },
    });
    expect(byPerson.text.startsWith('Request for quotation from Maria Jensen\n')).toBe(true);
    const unnamed = await renderMail(invitation(), { ...ctx, sender: null });
    expect(unnamed.text.startsWith('Request for quotation\n')).toBe(true);
  });

  it('when a supplier is invited, then both parts give vessel, IMO, port, times in port time and UTC, the lines and the terms', async () => {
    const mail = await renderMail(invitation(), ctx);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Neptune Bunkering');
      expect(part).toContain('MV Ocean Star');
      expect(part).toContain('9876543');
      expect(part).toContain('Singapore (SGSIN)');
      expect(part).toContain('25 Nov 2026 08:00 local (UTC+08:00) / 25 Nov 2026 00:00 UTC');
      expect(part).toContain('26 Nov 2026 20:00 local (UTC+08:00) / 26 Nov 2026 12:00 UTC');
      expect(part).toContain('24 Nov 2026 18:00 local (UTC+08:00) / 24 Nov 2026 10:00 UTC');
      expect(part).toContain('ISO 8217:2017 RMG 380');
      expect(part).toContain('500 – 1,000 MT');
      expect(part).toContain('100 – 150 MT');
    }
    // The text part keeps each line on one row, as a table a supplier reads in a plain-text client.
    expect(mail.text).toMatch(/VLSFO +ISO 8217:2017 RMG 380 +500 – 1,000 MT/);
    expect(mail.text).toMatch(/ETB +TBD/);
    expect(mail.text).toContain('Seller’s GT&C apply');
    expect(mail.html).toContain('Seller’s GT&amp;C apply');
  });

  it('when a supplier is invited, then the personal link to the offer page is a button and a plain address in both parts', async () => {
    const mail = await renderMail(invitation(), ctx);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Submit your offer');
    expect(mail.text).toContain(`Or open this address: ${link}`);
  });

  it('when the port call has no times and no zone yet, then they read TBD and the reply-by falls back to UTC', async () => {
    const mail = await renderMail(
      invitation({ rfq: rfq({ eta: null, etd: null, port_timezone: null, imo: null }) }),
      ctx,
    );
    expect(mail.text).toMatch(/ETA +TBD/);
    expect(mail.text).toMatch(/ETD +TBD/);
    expect(mail.text).not.toMatch(/IMO/);
    expect(mail.subject).toContain('reply by 24 Nov 10:00 UTC');
  });
});

describe('the amendment mail (rfq-amendment)', () => {
  it('when an inquiry is amended, then the mail lists each change as before → after, marked, then the whole inquiry and the link', async () => {
    const mail = await renderMail(amendment(), ctx);
    expect(mail.subject).toBe('Amended RFQ: MV Ocean Star, Singapore (SGSIN), reply by 24 Nov 18:00 UTC+8');
    expect(mail.text).toMatch(/ETA +24 Nov 2026 08:00 local → 25 Nov 2026 08:00 local/);
    expect(mail.text).toMatch(/VLSFO quantity +500 – 800 MT → 500 – 1,000 MT/);
    expect(mail.html).toMatch(/<span style="[^"]*line-through[^"]*">500 – 800 MT<\/span>/);
    expect(mail.html).toMatch(/<span style="[^"]*font-weight:700[^"]*">500 – 1,000 MT<\/span>/);
    expect(mail.text).toContain('25 Nov 2026 08:00 local (UTC+08:00) / 25 Nov 2026 00:00 UTC');
    expect(mail.text).toMatch(/MGO +ISO 8217:2017 DMA +100 – 150 MT/);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Review and update your offer');
    expect(mail.text).toContain(link);
  });
});

describe('notes for suppliers and the trader’s word with an amendment', () => {
  const notes = 'Delivery by barge preferred.\nSurveyor <Intertek> & sampling at the manifold.';

  it('when an inquiry has notes for suppliers, then the invitation shows them under Notes, line breaks kept and markup escaped', async () => {
    const mail = await renderMail(invitation({ rfq: rfq({ supplier_notes: notes }) }), ctx);
    expect(mail.text).toMatch(/NOTES\s+Delivery by barge preferred\.\s+Surveyor <Intertek> & sampling/i);
    expect(mail.html).toContain('<span>Delivery by barge preferred.<br/></span>');
    expect(mail.html).toContain('<span>Surveyor &lt;Intertek&gt; &amp; sampling at the manifold.</span>');
    expect(mail.html).not.toContain('<Intertek>');
  });

  it('when an inquiry has no notes for suppliers, then the invitation has no Notes heading', async () => {
    const mail = await renderMail(invitation({ rfq: rfq({ supplier_notes: null }) }), ctx);
    expect(mail.text).not.toMatch(/^NOTES$/im);
  });

  it('when an amendment carries a message, then it stands before the changes; without one, nothing is added', async () => {
    const withMessage = await renderMail(
      amendment({ message: 'Berth moved: please re-check the barge.' }),
      ctx,
    );
    expect(withMessage.text).toMatch(/Berth moved: please re-check the barge\.[\s\S]*WHAT CHANGED/i);
    const without = await renderMail(amendment({ message: null }), ctx);
    expect(without.text).not.toContain('Berth moved');
  });
});

describe('one distribution, many suppliers', () => {
  const direct = async (mail: MailTemplate) => {
    const definition = mail.template === 'rfq-invitation' ? rfqInvitation : rfqAmendment;
    const html = await render(
      (definition.body as (d: unknown, c: typeof ctx) => ReactElement)(mail.data, ctx),
    );
    return { html, text: toPlainText(html) };
  };

  it('when copies of one invitation or amendment go to suppliers with awkward names, then each equals a fresh render of its own name and link', async () => {
    const names = [
      'Neptune Bunkering',
      'O\'Brien & <Sons> "Marine" Ltd',
      'Ümit Petrol A.Ş.',
      'x'.repeat(120),
    ];
    for (const make of [invitation, amendment]) {
      for (const [i, supplier_name] of names.entries()) {
        const mail = make({ supplier_name, token: `tok_${i}-${'A'.repeat(40)}` });
        const expected = await direct(mail);
        const copy = await renderMail(mail, ctx);
        expect(copy.html).toBe(expected.html);
        expect(copy.text).toBe(expected.text);
        // What goes on the wire, encoded in pieces, reads back as the same two parts.
        const parsed = await simpleParser(
          await wire(smtpMessage({ to: 'sales@supplier.example' }, 'job-1', copy, 'mail@mfd.example')),
        );
        expect(parsed.html).toBe(expected.html);
        expect(parsed.text?.replace(/\r\n/g, '\n')).toBe(expected.text);
      }
    }
  });

  it('when two invitations differ beyond name and link, then each copy carries its own inquiry', async () => {
    const a = await renderMail(invitation({ rfq: rfq({ vessel_name: 'MV Alpha' }) }), ctx);
    const b = await renderMail(invitation({ rfq: rfq({ vessel_name: 'MV Bravo' }) }), ctx);
    expect(a.html).toContain('MV Alpha');
    expect(b.html).toContain('MV Bravo');
    expect(b.html).not.toContain('MV Alpha');
  });
});

describe('the award confirmation (offer-awarded)', () => {
  it('when an offer is awarded, then the winner reads the port call, the agreed prices, each charge and the landed cost to the cent, the agent and the notes', async () => {
    const mail = await renderMail(awarded(), ctx);
    expect(mail.subject).toBe('Offer accepted: MV Ocean Star, Singapore (SGSIN), ETA 25 Nov 08:00 UTC+8');
    expect(mail.text).toContain('25 Nov 2026 08:00 local (UTC+08:00) / 25 Nov 2026 00:00 UTC');
    expect(mail.text).toMatch(/VLSFO +ISO 8217:2017 RMG 380 +500 – 1,000 MT +USD 612.50 +Barge/);
    expect(mail.text).toMatch(/MGO +ISO 8217:2017 DMA +100 – 150 MT +MOPS Gasoil 0.1% − 2.50 +Ex-wharf/);
    expect(mail.text).toMatch(/Barging +USD 1,500.00 up to 500 MT, then USD 3.00\/MT +USD 3,450.00/);
    expect(mail.text).toMatch(/Tax \(VLSFO\): GST +5% of the fuel cost +USD 30,625.00/);
    expect(mail.text).toMatch(/Demurrage +USD 850.00\/hour +As incurred \(not in the total\)/);
    expect(mail.text).toMatch(/Fuel cost +USD 1,200,442.50/);
    expect(mail.text).toMatch(/Charges +USD 34,125.00/);
    expect(mail.text).toMatch(/Total landed cost \(at the maximum quantities\) +USD 1,234,567.50/);
    expect(mail.text).not.toContain('Barging charges');
    expect(mail.text).toMatch(/Payment terms +30 days from delivery\s+Letter of credit not required/);
    expect(mail.text).toMatch(/Agent +Wilhelmsen Ships Service, ops.sg@wilhelmsen.example/);
    expect(mail.text).toContain('Please contact the agent 24 h before arrival.');
    expect(mail.html).toContain('href="mailto:ops.sg@wilhelmsen.example"');
  });

  it('when no agent, terms, charges or notes were given, then the mail says so instead of leaving blanks', async () => {
    const mail = await renderMail(
      awarded({
        agent_name: null,
        agent_email: null,
        payment: null,
        payment_terms: null,
        notes: null,
        charges: [],
        charges_cost: '0.00',
      }),
      ctx,
    );
    expect(mail.text).toMatch(/Agent +To be advised/);
    expect(mail.text).toMatch(/Payment terms +As offered/);
    expect(mail.text).toMatch(/Charges +USD 0.00/);
    expect(mail.text).not.toContain('Notes from the trader');
  });

  it('when an index-linked line has no value yet, then the totals say they follow the index', async () => {
    const mail = await renderMail(
      awarded({ fuel_cost: null, charges_cost: null, total_landed_cost: null }),
      ctx,
    );
    expect(mail.text).toMatch(/Total landed cost \(at the maximum quantities\) +To be priced with the index/);
  });
});

describe('the not-awarded note and the cancel notice', () => {
  it('when another offer is taken, then the note thanks the supplier and names vessel, port and ETA', async () => {
    const mail = await renderMail(notAwarded(), ctx);
    expect(mail.subject).toBe('Awarded elsewhere: MV Ocean Star, Singapore (SGSIN), ETA 25 Nov 08:00 UTC+8');
    expect(mail.text).toContain('Thank you for your offer for MV Ocean Star at Singapore');
    expect(mail.text).toContain('ETA 25 Nov 2026 08:00 local (UTC+08:00) / 25 Nov 2026 00:00 UTC');
    expect(mail.text).toContain('awarded to another supplier');
  });

  it('when an inquiry is cancelled, then the notice names it, gives the reason and says no reply is needed', async () => {
    const mail = await renderMail(cancelled(), ctx);
    expect(mail.subject).toBe('Cancelled RFQ: MV Ocean Star, Singapore (SGSIN), ETA 25 Nov 08:00 UTC+8');
    expect(mail.text).toContain('The inquiry for MV Ocean Star at Singapore (ETA 25 Nov 2026 08:00 local');
    expect(mail.text).toContain('Reason: Vessel diverted to Port Klang');
    expect(mail.text).toContain('There is no need to reply');
    const withoutReason = await renderMail(cancelled(null), ctx);
    expect(withoutReason.text).not.toContain('Reason:');
  });
});

describe('every RFQ mail', () => {
  it.each(EVERY_RFQ_MAIL.map((mail) => [mail.template, mail] as const))(
    'when %s is rendered, then it ends with the trader’s signature in both parts',
    async (_name, template) => {
      const mail = await renderMail(template, ctx);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Maria Jensen');
        expect(part).toContain('Nordic Bunkers');
        expect(part).toContain('maria@nordicbunkers.example');
      }
    },
  );

  it('when user data holds markup, ampersands and quotes, then every template escapes them in the HTML', async () => {
    const evil = '<script>alert("x")</script> & \'Co\'';
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Co&#x27;';
    const evilRfq = rfq({
      vessel_name: evil,
      port_name: evil,
      selling_terms: evil,
      supplier_notes: evil,
      products: [{ product_name: evil, iso_spec: evil, quantity_mt_min: '1.0', quantity_mt_max: '2.0' }],
    });
    const mails: MailTemplate[] = [
      invitation({ supplier_name: evil, rfq: evilRfq }),
      amendment({
        supplier_name: evil,
        rfq: evilRfq,
        changes: [{ label: evil, before: evil, after: evil }],
        message: evil,
      }),
      awarded({
        supplier_name: evil,
        rfq: evilRfq,
        agent_name: evil,
        payment_terms: evil,
        notes: evil,
        lines: [{ ...awarded().data.lines[1]!, product_name: evil, iso_spec: evil, index_name: evil }],
        charges: [{ ...awarded().data.charges[1]!, note: evil, product_names: [evil] }],
      }),
      { template: 'offer-not-awarded', data: { supplier_name: evil, rfq: evilRfq } },
      { template: 'rfq-cancelled', data: { supplier_name: evil, rfq: evilRfq, reason: evil } },
    ];
    for (const template of mails) {
      const mail = await renderMail(template, {
        appUrl,
        signature: { ...signature, full_name: evil },
        sender: { name: evil, company: evil },
      });
      expect(mail.html, template.template).not.toContain('<script>');
      expect(mail.html, template.template).toContain(escaped);
      expect(mail.text, template.template).toContain(evil);
    }
  });

  it('when a mail goes to a supplier, then the inquiry it carries has no customer to show', () => {
    // The facts a supplier's mail is made from have no customer field at all; a producer that spreads
    // an inquiry row into them is stopped by the job schema (see the end-to-end test below).
    expect(Object.keys(rfqMailFacts.shape).filter((key) => /customer|client|buyer/i.test(key))).toEqual([]);
  });
});

describe('RFQ mails through the mailer', () => {
  let m: MailerHarness;
  beforeAll(async () => {
    m = await startMailer();
  });
  afterAll(() => m.close());

  it('when the sealed link of an invitation or amendment is opened for its recipient, then the token is the one sealed', () => {
    const to = 'sales@neptune.example';
    for (const template of [invitation(), amendment()]) {
      const sealed = { ...template, data: { ...template.data, token: m.deps.secrets.seal(TOKEN, to) } };
      expect(sealed.data.token).not.toContain(TOKEN);
      const opened = openSecrets(sealed as MailTemplate, to, m.deps.secrets);
      expect(opened.data).toMatchObject({ token: TOKEN });
      expect(() => openSecrets(sealed as MailTemplate, 'other@example.com', m.deps.secrets)).toThrow();
    }
  });

  it('when a distribution mail is sent, then replies go to the trader, the link carries the opened token and no customer leaks', async () => {
    const to = 'sales@neptune.example';
    const base = invitation();
    const leaky = { ...base.data.rfq, customer_name: 'Secret Shipowner Ltd' } as RfqMailFacts;
    const { jobId } = await m.send({
      to,
      to_name: 'Neptune Bunkering',
      source: 'inquiry',
      reply_to: 'maria@nordicbunkers.example',
      signature,
      mail: {
        template: 'rfq-invitation',
        data: { ...base.data, rfq: leaky, token: m.deps.secrets.seal(TOKEN, to) },
      },
    });
    const row = await m.settled(jobId);
    expect(row.status).toBe('sent');
    const received = await m.sink.waitFor((mail) => mail.to.includes(to));
    const replyTo = received.headers.get('reply-to') as { value: { address: string }[] };
    expect(replyTo.value.map((a) => a.address)).toEqual(['maria@nordicbunkers.example']);
    expect(received.subject).toBe('RFQ: MV Ocean Star, Singapore (SGSIN), reply by 24 Nov 18:00 UTC+8');
    expect(received.html).toContain(`href="${link}"`);
    expect(received.text).toContain(link);
    expect(received.html).not.toContain('sealed.v1');
    expect(`${received.html}${received.text}`).not.toContain('Secret Shipowner');
    expect(received.text).toContain('Maria Jensen');
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_DIGEST_ITEMS, type TraderAlertItem } from '@mfd/contracts';
import { renderMail } from '../src/templates';

const ctx = { appUrl: 'https://app.marinefuel.example', signature: null, sender: null };
const inquiryId = '0190a6b8-6c2e-7a4e-9c1d-3f5e8a2b4c6d';

const item = (overrides: Partial<TraderAlertItem> = {}): TraderAlertItem => ({
  kind: 'offer_submitted',
  inquiry_id: inquiryId,
  supplier_name: 'Lion City Bunkering',
  vessel_name: 'MSC OSCAR',
  port_name: 'Singapore',
  at: '2026-06-01T08:30:00.000Z',
  ...overrides,
});

describe('the trader’s alert mails', () => {
  it('when one offer arrives, then the mail names the supplier, vessel and port and opens the inquiry’s Offers tab', async () => {
    const mail = await renderMail({ template: 'trader-alert', data: { name: 'Ann Lee', item: item() } }, ctx);
    expect(mail.subject).toBe('Lion City Bunkering submitted an offer: MSC OSCAR at Singapore');
    const link = `https://app.marinefuel.example/inquiries/${inquiryId}?tab=offers`;
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Hello Ann Lee');
    expect(mail.text).toContain('Lion City Bunkering submitted an offer for MSC OSCAR at Singapore');
    expect(mail.text).toContain('(01 Jun 2026 08:30 UTC)');
  });

  it('when a supplier mail failed, then the mail says so and opens the Suppliers tab', async () => {
    const mail = await renderMail(
      {
        template: 'trader-alert',
        data: { name: null, item: item({ kind: 'mail_failed', port_name: null }) },
      },
      ctx,
    );
    expect(mail.subject).toBe('The mail to Lion City Bunkering could not be delivered: MSC OSCAR');
    expect(mail.text).toContain(`/inquiries/${inquiryId}?tab=suppliers`);
    expect(mail.text).toContain('Hello,');
  });

  it('when names hold markup, then it is escaped in the HTML', async () => {
    const mail = await renderMail(
      {
        template: 'trader-alert',
        data: {
          name: '<b>Ann</b>',
          item: item({ supplier_name: '<img src=x onerror=alert(1)>', vessel_name: '<i>OSCAR</i>' }),
        },
      },
      ctx,
    );
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<i>OSCAR</i>');
    expect(mail.html).not.toContain('<b>Ann</b>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('when several events wait, then one digest lists each with its own link and counts the rest', async () => {
    const other = '0190a6b8-6c2e-7a4e-9c1d-000000000002';
    const mail = await renderMail(
      {
        template: 'trader-digest',
        data: {
          name: 'Ann Lee',
          items: [
            item({ kind: 'offer_revised', supplier_name: 'Straits Marine Fuels' }),
            item({
              kind: 'offer_expiring',
              inquiry_id: other,
              vessel_name: 'EVER GIVEN',
              port_name: 'Rotterdam',
            }),
          ],
          more: 3,
        },
      },
      ctx,
    );
    expect(mail.subject).toBe('5 updates on your inquiries');
    expect(mail.text).toContain('Straits Marine Fuels revised its offer for MSC OSCAR at Singapore');
    expect(mail.text).toContain(
      'The offer of Lion City Bunkering expires within 30 minutes for EVER GIVEN at Rotterdam',
    );
    expect(mail.html).toContain(`href="https://app.marinefuel.example/inquiries/${inquiryId}?tab=offers"`);
    expect(mail.html).toContain(`href="https://app.marinefuel.example/inquiries/${other}?tab=offers"`);
    expect(mail.text).toContain('And 3 more');
  });

  it('when a digest has as many events as it lists, then it says nothing of more', async () => {
    const mail = await renderMail(
      {
        template: 'trader-digest',
        data: { name: null, items: Array.from({ length: MAX_DIGEST_ITEMS }, () => item()), more: 0 },
      },
      ctx,
    );
    expect(mail.subject).toBe(`${MAX_DIGEST_ITEMS} updates on your inquiries`);
    expect(mail.text).not.toMatch(/And \d+ more/);
  });
});

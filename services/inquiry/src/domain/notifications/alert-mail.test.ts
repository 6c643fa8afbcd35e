import { describe, expect, it } from 'vitest';
import { MAX_DIGEST_ITEMS, type TraderAlertItem } from '@mfd/contracts';
import { alertMail } from './alert-mail';

const item = (i: number): TraderAlertItem => ({
  kind: 'offer_submitted',
  inquiry_id: '0190a6b8-6c2e-7a4e-9c1d-3f5e8a2b4c6d',
  supplier_name: `Supplier ${i}`,
  vessel_name: 'MSC OSCAR',
  port_name: 'Singapore',
  at: new Date(Date.UTC(2026, 5, 1, 12, i)).toISOString(),
});

describe('the alert mail of waiting notifications', () => {
  it('when one event waits, then it is an alert of its own', () => {
    expect(alertMail('Ann Lee', [item(1)])).toEqual({
      template: 'trader-alert',
      data: { name: 'Ann Lee', item: item(1) },
    });
  });

  it('when several wait, then one digest lists them newest first', () => {
    const mail = alertMail(null, [item(1), item(2), item(3)]);
    expect(mail).toEqual({
      template: 'trader-digest',
      data: { name: null, items: [item(3), item(2), item(1)], more: 0 },
    });
  });

  it('when more wait than a digest lists, then it lists the newest and counts the rest', () => {
    const items = Array.from({ length: MAX_DIGEST_ITEMS + 7 }, (_, i) => item(i));
    const mail = alertMail(null, items);
    if (mail.template !== 'trader-digest') throw new Error('expected a digest');
    expect(mail.data.items).toHaveLength(MAX_DIGEST_ITEMS);
    expect(mail.data.items[0]).toEqual(items.at(-1));
    expect(mail.data.more).toBe(7);
  });
});

import { describe, expect, it } from 'vitest';
import type { RecipientDelivery, SuggestedSupplier } from '@mfd/contracts';
import {
  addressKey,
  bouncedAmong,
  hasMailInFlight,
  matchesSearch,
  recipientOf,
  selectAll,
  sentLabel,
  supplierAddresses,
  toggleSupplier,
} from './suppliers-tab-selection';

const SUPPLIER = '0190b4a0-0000-7000-8000-000000000001';
const ANNA = '0190b4a0-0000-7000-8000-0000000000a1';
const BEN = '0190b4a0-0000-7000-8000-0000000000b1';

const delivery = (contactId: string | null, status: RecipientDelivery['mail_status']): RecipientDelivery => ({
  recipient_id: '0190b4a0-0000-7000-8000-0000000000f1',
  contact_id: contactId,
  email: 'x@fuel.test',
  sent_at: '2026-11-24T00:00:00Z',
  send_count: 1,
  mail_status: status,
  mail_attempts: 1,
  mail_error: null,
  reply_by: '2026-11-25T00:00:00Z',
  has_offer: false,
  declined_at: null,
  decline_reason: null,
  decline_remarks: null,
  reminder: null,
});

const supplier = (sent: RecipientDelivery[] = []): SuggestedSupplier => ({
  id: SUPPLIER,
  trading_name: 'Harbour Fuels',
  default_email: 'desk@harbour.test',
  email_status: 'ok',
  email_bounced_at: null,
  status: 'active',
  tags: ['General'],
  covers_port: true,
  contacts: [
    {
      id: ANNA,
      name: 'Anna',
      email: 'anna@harbour.test',
      is_primary: true,
      email_status: 'ok',
      email_bounced_at: null,
    },
    {
      id: BEN,
      name: 'Ben',
      email: 'DESK@harbour.test',
      is_primary: false,
      email_status: 'ok',
      email_bounced_at: null,
    },
  ],
  sent,
});

describe('addresses that bounced before', () => {
  const BOUNCED_AT = '2026-11-20T08:00:00.000Z';
  const flagged: SuggestedSupplier = {
    ...supplier(),
    contacts: supplier().contacts.map((c) =>
      c.id === ANNA ? { ...c, email_status: 'bounced', email_bounced_at: BOUNCED_AT } : c,
    ),
  };

  it('when a contact hard-bounced, then its address carries when, and the default address stays clear', () => {
    const [byDefault, anna] = supplierAddresses(flagged);
    expect(byDefault?.bouncedAt).toBeNull();
    expect(anna?.bouncedAt).toBe(BOUNCED_AT);
  });

  it('when the chosen addresses include a bounced one, then only that one is named for the warning', () => {
    const chosen = [addressKey(SUPPLIER, null), addressKey(SUPPLIER, ANNA)];
    expect(bouncedAmong(chosen, [flagged]).map((a) => a.email)).toEqual(['anna@harbour.test']);
    expect(bouncedAmong([addressKey(SUPPLIER, null)], [flagged])).toEqual([]);
  });
});

describe('supplier addresses', () => {
  it('when a contact repeats the default e-mail, then it is not offered twice', () => {
    expect(supplierAddresses(supplier()).map((a) => a.email)).toEqual([
      'desk@harbour.test',
      'anna@harbour.test',
    ]);
  });

  it('when an address already has the inquiry, then its delivery is attached to it', () => {
    const [byDefault, anna] = supplierAddresses(supplier([delivery(ANNA, 'failed')]));
    expect(byDefault?.sent).toBeNull();
    expect(anna?.sent?.mail_status).toBe('failed');
  });

  it('when a key goes back to a recipient, then the default e-mail is contact null', () => {
    expect(recipientOf(addressKey(SUPPLIER, null))).toEqual({ supplier_id: SUPPLIER, contact_id: null });
    expect(recipientOf(addressKey(SUPPLIER, ANNA))).toEqual({ supplier_id: SUPPLIER, contact_id: ANNA });
  });
});

describe('supplier checkbox', () => {
  it('when a supplier is ticked, then its default e-mail is chosen; ticked again, all its addresses go', () => {
    const once = toggleSupplier(new Set(), supplier());
    expect([...once]).toEqual([addressKey(SUPPLIER, null)]);
    const withAnna = new Set([...once, addressKey(SUPPLIER, ANNA)]);
    expect([...toggleSupplier(withAnna, supplier())]).toEqual([]);
  });

  it('when the default e-mail already has the inquiry, then ticking picks the next address', () => {
    expect([...toggleSupplier(new Set(), supplier([delivery(null, 'sent')]))]).toEqual([
      addressKey(SUPPLIER, ANNA),
    ]);
  });
});

describe('select all', () => {
  const other = (id: string, sent: RecipientDelivery[] = []): SuggestedSupplier => ({
    ...supplier(sent),
    id,
    trading_name: `Supplier ${id.slice(-2)}`,
    contacts: [],
  });
  const A = '0190b4a0-0000-7000-8000-0000000000c1';
  const B = '0190b4a0-0000-7000-8000-0000000000c2';

  it('when Select all is pressed, then each listed supplier gets the address its own tick would pick', () => {
    expect([...selectAll(new Set(), [supplier([delivery(null, 'sent')]), other(A), other(B)])]).toEqual([
      addressKey(SUPPLIER, ANNA),
      addressKey(A, null),
      addressKey(B, null),
    ]);
  });

  it('when a supplier has an address chosen already, or the inquiry at each address, then it is left as it is', () => {
    const chosen = new Set([addressKey(SUPPLIER, ANNA)]);
    const everywhere = other(A, [delivery(null, 'sent')]);
    expect([...selectAll(chosen, [supplier(), everywhere])]).toEqual([addressKey(SUPPLIER, ANNA)]);
  });
});

describe('search and delivery polling', () => {
  it('when searching by part of a name or a contact e-mail, then the supplier matches, in any case', () => {
    expect(matchesSearch(supplier(), 'HARBOUR')).toBe(true);
    expect(matchesSearch(supplier(), 'anna@')).toBe(true);
    expect(matchesSearch(supplier(), 'nobody')).toBe(false);
  });

  it('when a mail is queued, sending or retrying, then delivery is still in flight; once final, not', () => {
    expect(hasMailInFlight([supplier([delivery(null, 'retrying')])])).toBe(true);
    expect(hasMailInFlight([supplier([delivery(null, 'sent'), delivery(ANNA, 'failed')])])).toBe(false);
    expect(hasMailInFlight(undefined)).toBe(false);
  });
});

describe('delivery words', () => {
  it('when a mail is still on its way, then its line says queued, never sent', () => {
    expect(sentLabel(delivery(null, 'queued'))).toBe('queued');
    expect(sentLabel(delivery(null, 'retrying'))).toBe('queued');
    expect(sentLabel(delivery(null, 'sent'))).toBe('sent');
    expect(sentLabel(delivery(null, 'failed'))).toBe('sent');
    expect(sentLabel({ ...delivery(null, 'sending'), send_count: 2 })).toBe('queued 2 times, last');
    expect(sentLabel({ ...delivery(null, 'sent'), send_count: 2 })).toBe('sent 2 times, last');
  });
});

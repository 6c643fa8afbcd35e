import { describe, expect, it } from 'vitest';
import { supplierMailOf } from './mail-references';

const id = '0190a6b8-6c2e-7a4e-9c1d-3f5e8a2b4c6d';

describe('what a supplier mail reference names', () => {
  it('when an invitation or amendment names a recipient, then its status is that recipient’s delivery', () => {
    expect(supplierMailOf({ template: 'rfq-invitation', reference: id })).toEqual({
      kind: 'delivery',
      recipientId: id,
    });
    expect(supplierMailOf({ template: 'rfq-amendment', reference: id })).toEqual({
      kind: 'delivery',
      recipientId: id,
    });
  });

  it('when a notice names its recipient or offer, then it is told apart from a delivery', () => {
    expect(supplierMailOf({ template: 'rfq-cancelled', reference: `notice:${id}` })).toEqual({
      kind: 'recipient-notice',
      recipientId: id,
    });
    expect(supplierMailOf({ template: 'offer-awarded', reference: `notice:${id}` })).toEqual({
      kind: 'offer-notice',
      offerId: id,
    });
    expect(supplierMailOf({ template: 'offer-not-awarded', reference: `notice:${id}` })).toEqual({
      kind: 'offer-notice',
      offerId: id,
    });
  });

  it('when a mail is to our own user or its reference has another shape, then it is no supplier mail', () => {
    expect(supplierMailOf({ template: 'trader-alert', reference: null })).toBeNull();
    expect(supplierMailOf({ template: 'password-reset', reference: id })).toBeNull();
    expect(supplierMailOf({ template: 'rfq-invitation', reference: `notice:${id}` })).toBeNull();
    expect(supplierMailOf({ template: 'offer-awarded', reference: id })).toBeNull();
  });
});

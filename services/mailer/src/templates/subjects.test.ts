import { describe, expect, it } from 'vitest';
import type { RfqMailFacts } from '@mfd/contracts';
import {
  amendmentSubject,
  awardedSubject,
  cancelledSubject,
  invitationSubject,
  notAwardedSubject,
  roundSubject,
  SUBJECT_LIMIT,
} from './subjects';

const rfq = (overrides: Partial<RfqMailFacts> = {}): RfqMailFacts => ({
  vessel_name: 'MV Ever Given',
  imo: '9811000',
  port_name: 'Singapore',
  port_unlocode: 'SGSIN',
  port_timezone: 'Asia/Singapore',
  eta: '2026-11-29T00:00:00Z',
  etb: null,
  etd: null,
  selling_terms: null,
  products: [],
  ...overrides,
});
const REPLY_BY = '2026-11-27T06:00:00Z';

const LONG = {
  vessel_name: 'MV Extraordinarily Long Vessel Name Of The Northern Seas Bulk Carrier Number Seventeen',
  port_name: 'Santa Cruz de Tenerife Outer Anchorage And Oil Terminal Berths',
  port_unlocode: 'ESSCT',
  port_timezone: 'Atlantic/Canary',
};

describe('subjects of the mails to suppliers', () => {
  it('when a supplier is invited, then the subject leads with vessel, port and the reply-by in port time', () => {
    expect(invitationSubject(rfq(), REPLY_BY)).toBe(
      'RFQ: MV Ever Given, Singapore (SGSIN), reply by 27 Nov 14:00 UTC+8',
    );
  });

  it('when an inquiry is amended, then the subject says so, with the new reply-by', () => {
    expect(amendmentSubject(rfq(), '2026-11-28T06:00:00Z')).toBe(
      'Amended RFQ: MV Ever Given, Singapore (SGSIN), reply by 28 Nov 14:00 UTC+8',
    );
  });

  it('when a negotiation round starts, then the subject names the round, with its reply-by', () => {
    expect(roundSubject(2, rfq(), '2026-11-28T06:00:00Z')).toBe(
      'Round 2 RFQ: MV Ever Given, Singapore (SGSIN), reply by 28 Nov 14:00 UTC+8',
    );
  });

  it('when an inquiry is cancelled, awarded or awarded elsewhere, then the subject names the port call by its ETA', () => {
    expect(cancelledSubject(rfq())).toBe(
      'Cancelled RFQ: MV Ever Given, Singapore (SGSIN), ETA 29 Nov 08:00 UTC+8',
    );
    expect(awardedSubject(rfq())).toBe(
      'Offer accepted: MV Ever Given, Singapore (SGSIN), ETA 29 Nov 08:00 UTC+8',
    );
    expect(notAwardedSubject(rfq())).toBe(
      'Awarded elsewhere: MV Ever Given, Singapore (SGSIN), ETA 29 Nov 08:00 UTC+8',
    );
  });

  it('when the ETA, the port name or the whole port is not known, then the subject leaves out what it cannot say', () => {
    expect(cancelledSubject(rfq({ eta: null }))).toBe('Cancelled RFQ: MV Ever Given, Singapore (SGSIN)');
    expect(invitationSubject(rfq({ port_name: null }), REPLY_BY)).toBe(
      'RFQ: MV Ever Given, SGSIN, reply by 27 Nov 14:00 UTC+8',
    );
    expect(
      invitationSubject(rfq({ port_name: null, port_unlocode: null, port_timezone: null }), REPLY_BY),
    ).toBe('RFQ: MV Ever Given, reply by 27 Nov 06:00 UTC');
  });

  it('when vessel and port names are long, then every kind stays under 90 characters, cutting the names, never the code or time', () => {
    const long = rfq(LONG);
    const subjects = [
      invitationSubject(long, REPLY_BY),
      amendmentSubject(long, REPLY_BY),
      cancelledSubject(long),
      awardedSubject(long),
      notAwardedSubject(long),
    ];
    for (const subject of subjects) {
      expect(Array.from(subject).length, subject).toBeLessThan(SUBJECT_LIMIT);
      expect(subject).toMatch(/^[\w ]+: MV Extraordinarily/);
      expect(subject).toMatch(/…, Santa Cruz de .*… \(ESSCT\), /);
    }
    expect(subjects[0]).toBe(
      'RFQ: MV Extraordinarily Long…, Santa Cruz de Tenerife… (ESSCT), reply by 27 Nov 06:00 UTC',
    );
  });

  it('when only one name is long, then the short one stays whole and the long one takes the rest of the room', () => {
    const subject = invitationSubject(rfq({ vessel_name: LONG.vessel_name }), REPLY_BY);
    expect(subject).toMatch(
      /^RFQ: MV Extraordinarily Long .*…, Singapore \(SGSIN\), reply by 27 Nov 14:00 UTC\+8$/,
    );
    expect(Array.from(subject).length).toBe(SUBJECT_LIMIT - 1);
  });

  it('when a name is in another script or holds line breaks, then it is cut by characters on one line', () => {
    const subject = invitationSubject(
      rfq({ vessel_name: `海運丸\n${'號'.repeat(100)}`, port_name: 'Πειραιάς', port_unlocode: 'GRPIR' }),
      REPLY_BY,
    );
    expect(subject).not.toMatch(/\n/);
    expect(subject).toMatch(/^RFQ: 海運丸 號+…, Πειραιάς \(GRPIR\), reply by /);
    expect(Array.from(subject).length).toBe(SUBJECT_LIMIT - 1);
  });
});

import { describe, expect, it } from 'vitest';
import type { TimelineItem } from '@mfd/contracts';
import { timelineChanges, timelineParticulars, timelineSentence } from './timeline-sentences';

const ZONE = 'Asia/Singapore';
const at = '2030-12-01T02:00:00.000Z';
const maria = { kind: 'user' as const, name: 'Maria Jensen' };

describe('the timeline in words', () => {
  it('when a trader edits the ETA and the notes, then they read in the form’s order, the ETA in port time with its offset, before → after', () => {
    const item: TimelineItem = {
      at,
      actor: maria,
      type: 'inquiry_edited',
      detail: {},
      changes: {
        commentary: { before: 'Barge only.', after: 'Prefer barge delivery.' },
        eta: { before: '2030-12-10T00:00:00.000Z', after: null },
      },
    };
    expect(timelineSentence(item, ZONE)).toBe('Maria Jensen edited the inquiry');
    expect(timelineChanges(item, ZONE)).toEqual([
      { field: 'eta', label: 'ETA', before: '10 Dec 2030 08:00 (UTC+8)', after: 'none' },
      {
        field: 'commentary',
        label: 'Additional notes',
        before: 'Barge only.',
        after: 'Prefer barge delivery.',
      },
    ]);
  });

  it('when an award is split, then each winner’s row names its lines and the lines placed with nobody', () => {
    const item: TimelineItem = {
      at,
      actor: maria,
      type: 'offer_awarded',
      detail: {
        supplier_name: 'Straits Fuels',
        revision: 2,
        notes: null,
        not_awarded: ['Lion City Bunkering'],
        not_awarded_count: 1,
        product_names: ['VLSFO'],
        not_placed: ['MGO'],
      },
      changes: { status: { before: 'quoting', after: 'awarded' } },
    };
    expect(timelineSentence(item, ZONE)).toBe(
      'Maria Jensen awarded VLSFO to the offer of Straits Fuels (revision 2)',
    );
    expect(timelineParticulars(item)).toEqual(['Not awarded: Lion City Bunkering', 'Not placed: MGO']);
  });

  it('when a round starts, then it says which round, how many were invited, by when and whether they were told their rank', () => {
    const item: TimelineItem = {
      at,
      actor: maria,
      type: 'round_started',
      detail: {
        round: 2,
        reply_by: '2030-12-02T04:00:00.000Z',
        show_rank: true,
        message: 'Best and final, please.',
        invited: ['Straits Fuels', 'Lion City Bunkering'],
      },
      changes: { round: { before: 1, after: 2 } },
    };
    expect(timelineSentence(item, ZONE)).toBe(
      'Maria Jensen started round 2: 2 suppliers invited to improve by 2 Dec 2030 12:00 (UTC+8), each told its rank',
    );
    expect(timelineParticulars(item)).toEqual([
      'Shortlisted: Straits Fuels, Lion City Bunkering',
      'Message: “Best and final, please.”',
    ]);
    expect(timelineChanges(item, ZONE)).toEqual([
      { field: 'round', label: 'Round', before: '1', after: '2' },
    ]);
  });

  it('when an inquiry is distributed, then the sentence counts the addresses and the reply-by, and each recipient is listed', () => {
    const item: TimelineItem = {
      at,
      actor: maria,
      type: 'inquiry_distributed',
      detail: {
        recipients: [
          {
            supplier_name: 'Lion City Bunkering',
            contact_name: null,
            email: 'q@lion.example',
            resent: false,
          },
          {
            supplier_name: 'Straits Fuels',
            contact_name: 'Tan Wei',
            email: 'tw@straits.example',
            resent: true,
          },
        ],
        skipped_count: 1,
        reply_by: '2030-12-02T04:00:00.000Z',
      },
      changes: { status: { before: 'draft', after: 'distributed' } },
    };
    expect(timelineSentence(item, ZONE)).toBe(
      'Maria Jensen sent the inquiry to 2 supplier addresses, reply by 2 Dec 2030 12:00 (UTC+8)',
    );
    expect(timelineParticulars(item)).toEqual([
      'Lion City Bunkering (q@lion.example)',
      'Straits Fuels, Tan Wei (tw@straits.example) — sent again',
      '1 address skipped: already sent',
    ]);
  });

  it('when a link was opened several times, a mail failed or bounced, a port was merged or an offer revised, then each says so in a sentence', () => {
    const supplier = { kind: 'supplier' as const, name: 'Lion City Bunkering' };
    expect(
      timelineSentence(
        {
          at,
          actor: supplier,
          type: 'link_opened',
          detail: {
            supplier_name: 'Lion City Bunkering',
            email: 'q@lion.example',
            last_opened_at: '2030-12-01T06:30:00.000Z',
            open_count: 3,
          },
          changes: {},
        },
        ZONE,
      ),
    ).toBe('Lion City Bunkering opened its offer link; opened 3 times, last 1 Dec 2030 14:30 (UTC+8)');
    expect(
      timelineSentence(
        {
          at,
          actor: { kind: 'system', name: 'Mail delivery' },
          type: 'mail_outcome',
          detail: {
            mail: 'rfq-invitation',
            to: 'q@lion.example',
            to_name: 'Lion City Bunkering',
            status: 'failed',
            error: '550 5.1.1 user unknown',
          },
          changes: {},
        },
        ZONE,
      ),
    ).toBe(
      'Invitation to Lion City Bunkering (q@lion.example) could not be delivered: 550 5.1.1 user unknown',
    );
    expect(
      timelineSentence(
        {
          at,
          actor: { kind: 'system', name: 'Mail delivery' },
          type: 'mail_outcome',
          detail: {
            mail: 'rfq-invitation',
            to: 'q@lion.example',
            to_name: 'Lion City Bunkering',
            status: 'bounced',
            error: '550 5.1.1 user unknown',
          },
          changes: {},
        },
        ZONE,
      ),
    ).toBe('Invitation to Lion City Bunkering (q@lion.example) bounced: 550 5.1.1 user unknown');
    expect(
      timelineSentence(
        {
          at,
          actor: { kind: 'system', name: 'Port register' },
          type: 'port_merged',
          detail: { unlocode: 'NLMOE' },
          changes: { port: { before: 'Moerdyk (NLMOE)', after: 'Moerdijk (NLMOE)' } },
        },
        ZONE,
      ),
    ).toBe('Port register made the company’s own port NLMOE the shared port of that code');
    const revised: TimelineItem = {
      at,
      actor: supplier,
      type: 'offer_revised',
      detail: { supplier_name: 'Lion City Bunkering', revision: 2, total_landed_cost: '602550.5' },
      changes: {
        total_landed_cost: { before: '610000', after: '602550.5' },
        'VLSFO price': { before: '612.50', after: '605.00' },
      },
    };
    expect(timelineSentence(revised, ZONE)).toBe(
      'Lion City Bunkering revised its offer (revision 2), landed cost USD 602,550.50',
    );
    expect(timelineChanges(revised, ZONE).map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      'VLSFO price: 612.50 → 605.00',
      'Landed cost: USD 610,000.00 → USD 602,550.50',
    ]);
  });

  it('when an amendment is sent with a message and a new reply-by, then the sentence says both, and its changes read as the mail listed them', () => {
    const item: TimelineItem = {
      at,
      actor: maria,
      type: 'amendment_sent',
      detail: {
        revision: 2,
        recipient_count: 3,
        message: 'The berth moved.',
        reply_by: '2030-12-02T04:00:00.000Z',
      },
      changes: { 'Notes for suppliers': { before: 'None', after: 'Barge only.' } },
    };
    expect(timelineSentence(item, ZONE)).toBe(
      'Maria Jensen mailed the changes (revision 2) to 3 supplier addresses, reply by 2 Dec 2030 12:00 (UTC+8): “The berth moved.”',
    );
    expect(timelineChanges(item, ZONE)).toEqual([
      {
        field: 'Notes for suppliers',
        label: 'Notes for suppliers',
        before: 'None',
        after: 'Barge only.',
      },
    ]);
  });

  it('when an amendment of before "Send amendment" is read, then it says what it always said', () => {
    const item: TimelineItem = {
      at,
      actor: maria,
      type: 'amendment_sent',
      detail: { revision: 2, recipient_count: 1 },
      changes: {},
    };
    expect(timelineSentence(item, ZONE)).toBe(
      'Maria Jensen mailed the changes (revision 2) to 1 supplier address',
    );
  });

  it('when an inquiry is handed over or its owner is removed, then the sentence names who had it and who has it now', () => {
    const anna = { id: '3f1c1a8e-5d2b-4c11-9a61-1b2c3d4e5f60', name: 'Anna Berg' };
    const tom = { id: '7a2d9c4b-1e3f-4a5b-8c6d-0e1f2a3b4c5d', name: 'Tom Hansen' };
    const handed = (reason: 'handed_over' | 'member_removed'): TimelineItem => ({
      at,
      actor: { kind: 'user', name: 'Anna Berg' },
      type: 'owner_changed',
      detail: {
        from: reason === 'handed_over' ? anna : tom,
        to: reason === 'handed_over' ? tom : anna,
        reason,
      },
      changes: { owner: { before: 'Anna Berg', after: 'Tom Hansen' } },
    });
    expect(timelineSentence(handed('handed_over'), ZONE)).toBe(
      'Anna Berg handed the inquiry over from Anna Berg to Tom Hansen',
    );
    expect(timelineSentence(handed('member_removed'), ZONE)).toBe(
      'Anna Berg removed Tom Hansen from the company: the inquiry is now Anna Berg’s',
    );
  });

  it('when a supplier replies by e-mail, then the sentence names the sender, the subject and the files', () => {
    const reply = (attachment_count: number, subject: string): TimelineItem => ({
      at,
      actor: { kind: 'supplier', name: 'Harbour Fuels' },
      type: 'message_received',
      detail: {
        supplier_name: 'Harbour Fuels',
        from: 'Anna Berg <anna@harbour.example>',
        subject,
        attachment_count,
      },
      changes: {},
    });
    expect(timelineSentence(reply(2, 'Re: RFQ'), ZONE)).toBe(
      'Harbour Fuels replied by e-mail from Anna Berg <anna@harbour.example>: “Re: RFQ”, with 2 attachments',
    );
    expect(timelineSentence(reply(0, ''), ZONE)).toBe(
      'Harbour Fuels replied by e-mail from Anna Berg <anna@harbour.example>: “(no subject)”',
    );
  });

  it('when a stem is delivered and a claim raised, then the rows name the BDN, its variances and the time bar in port time; the time bar’s pass reads as time-barred', () => {
    const delivered: TimelineItem = {
      at,
      actor: maria,
      type: 'stem_delivered',
      detail: {
        reference: 'BAL-2030-0001',
        bdn_number: 'BDN-7',
        variances: ['VLSFO: no density at 15 °C on the delivery note'],
      },
      changes: {},
    };
    expect(timelineSentence(delivered, ZONE)).toBe(
      'Maria Jensen recorded the delivery of stem BAL-2030-0001 (BDN BDN-7), with 1 variance',
    );
    expect(timelineParticulars(delivered)).toEqual(['VLSFO: no density at 15 °C on the delivery note']);
    const raised: TimelineItem = {
      at,
      actor: maria,
      type: 'claim_raised',
      detail: { reference: 'BAL-2030-0001', kind: 'quantity', time_bar_at: '2030-12-08T02:00:00.000Z' },
      changes: {},
    };
    expect(timelineSentence(raised, ZONE)).toBe(
      'Maria Jensen raised a quantity claim on stem BAL-2030-0001, time-barred 8 Dec 2030 10:00 (UTC+8)',
    );
    const barred: TimelineItem = {
      at,
      actor: { kind: 'system', name: 'Time bar' },
      type: 'claim_updated',
      detail: { reference: 'BAL-2030-0001', kind: 'quality' },
      changes: { 'Quality claim': { before: 'open', after: 'time_barred' } },
    };
    expect(timelineSentence(barred, ZONE)).toBe(
      'Time bar: the quality claim on stem BAL-2030-0001 is time-barred',
    );
  });
});

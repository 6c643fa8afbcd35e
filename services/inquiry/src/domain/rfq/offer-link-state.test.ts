import { describe, expect, it } from 'vitest';
import { INQUIRY_STATUSES, OFFER_LINK_STATES } from '@mfd/contracts';
import { closedLinkDetail, offerLinkState, type LinkFacts } from './offer-link-state';

const now = new Date('2026-06-01T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const facts = (over: Partial<LinkFacts>): LinkFacts => ({
  superseded: false,
  inquiryStatus: 'distributed',
  inquiryRound: 1,
  replyBy: at(3_600_000),
  offer: null,
  now,
  ...over,
});

describe('offer link state', () => {
  it('when the inquiry is open and the reply-by ahead, then the link is open, with or without an offer', () => {
    expect(offerLinkState(facts({}))).toBe('open');
    expect(
      offerLinkState(facts({ inquiryStatus: 'quoting', offer: { status: 'submitted', validUntil: at(1) } })),
    ).toBe('open');
    expect(offerLinkState(facts({ offer: { status: 'submitted', validUntil: null } }))).toBe('open');
  });

  it('when a negotiation round is under way, then only an offer shortlisted for it may revise; a cancelled or awarded inquiry says so first', () => {
    const round = { inquiryStatus: 'quoting' as const, inquiryRound: 2 };
    expect(
      offerLinkState(
        facts({ ...round, offer: { status: 'submitted', validUntil: null, shortlistedRound: 2 } }),
      ),
    ).toBe('open');
    expect(
      offerLinkState(
        facts({ ...round, offer: { status: 'submitted', validUntil: null, shortlistedRound: null } }),
      ),
    ).toBe('not_shortlisted');
    expect(
      offerLinkState(
        facts({
          inquiryStatus: 'quoting',
          inquiryRound: 3,
          offer: { status: 'submitted', validUntil: null, shortlistedRound: 2 },
        }),
      ),
    ).toBe('not_shortlisted');
    expect(offerLinkState(facts({ ...round, offer: null }))).toBe('not_shortlisted');
    expect(offerLinkState(facts({ ...round, inquiryStatus: 'cancelled' }))).toBe('cancelled');
  });

  it('when the reply-by is now or past, then the link is expired (a millisecond before, it is open)', () => {
    expect(offerLinkState(facts({ replyBy: now }))).toBe('expired');
    expect(offerLinkState(facts({ replyBy: at(-1) }))).toBe('expired');
    expect(offerLinkState(facts({ replyBy: at(1) }))).toBe('open');
  });

  it('when the supplier’s own offer has reached its validity, then the link is expired', () => {
    expect(offerLinkState(facts({ offer: { status: 'submitted', validUntil: now } }))).toBe('expired');
    expect(offerLinkState(facts({ offer: { status: 'submitted', validUntil: at(-60_000) } }))).toBe(
      'expired',
    );
  });

  it('when the inquiry was awarded, then the winner reads awarded and everyone else not awarded, whatever the times', () => {
    const closed = { inquiryStatus: 'awarded' as const, replyBy: at(-1) };
    expect(offerLinkState(facts({ ...closed, offer: { status: 'awarded', validUntil: at(-1) } }))).toBe(
      'awarded',
    );
    expect(offerLinkState(facts({ ...closed, offer: { status: 'not_awarded', validUntil: null } }))).toBe(
      'not_awarded',
    );
    expect(offerLinkState(facts({ ...closed, offer: null }))).toBe('not_awarded');
  });

  it('when the inquiry was cancelled, then the link says cancelled even past its reply-by', () => {
    expect(offerLinkState(facts({ inquiryStatus: 'cancelled', replyBy: at(-1) }))).toBe('cancelled');
    expect(
      offerLinkState(
        facts({ inquiryStatus: 'cancelled', offer: { status: 'submitted', validUntil: at(-1) } }),
      ),
    ).toBe('cancelled');
  });

  it('when a newer link went to the recipient, then the old one is superseded, whatever the inquiry’s state', () => {
    for (const inquiryStatus of INQUIRY_STATUSES)
      expect(offerLinkState(facts({ superseded: true, inquiryStatus }))).toBe('superseded');
    expect(offerLinkState(facts({ superseded: true, replyBy: at(-1) }))).toBe('superseded');
  });

  it('when any state is reached, then it is one the page knows', () => {
    for (const inquiryStatus of INQUIRY_STATUSES)
      expect(OFFER_LINK_STATES).toContain(offerLinkState(facts({ inquiryStatus })));
  });

  it('when a link is closed, then each state has its own sentence', () => {
    const states = ['expired', 'awarded', 'not_awarded', 'cancelled', 'superseded'] as const;
    const sentences = states.map(closedLinkDetail);
    expect(new Set(sentences).size).toBe(states.length);
    expect(closedLinkDetail('not_awarded')).toBe('This inquiry has been awarded to another supplier.');
    expect(closedLinkDetail('superseded')).toBe(
      'A newer link was sent to you: please use the latest e-mail.',
    );
  });
});

import { z } from 'zod';
import { OFFER_STATUSES } from './constants';
import { optionalMultilineText } from './fields';

// ---- Declining to quote ------------------------------------------------------------------------

/** Why a supplier declines to quote, as its offer page offers the choice. */
export const DECLINE_REASONS = ['no_availability', 'no_credit', 'cannot_meet_dates', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** Each reason in words: the offer page's choice and the Suppliers tab's label. */
export const DECLINE_REASON_LABELS: Record<DeclineReason, string> = {
  no_availability: 'No availability',
  no_credit: 'No credit line for this buyer',
  cannot_meet_dates: 'Cannot meet the dates',
  other: 'Other',
};

export const declineInput = z.object({
  reason: z.enum(DECLINE_REASONS, {
    error: (issue) =>
      issue.input === undefined ? 'Reason is required' : 'Reason must be one of the listed reasons',
  }),
  remarks: optionalMultilineText('Remarks', 2000),
});
export type DeclineInput = z.input<typeof declineInput>;

export const declineResponse = z.object({
  success: z.literal(true),
  detail: z.string(),
  /** The supplier's offer was withdrawn by this decline. */
  offer_withdrawn: z.boolean(),
});

/** The supplier's decline as its own offer page shows it back. */
export const publicDecline = z.object({
  declined_at: z.string(),
  reason: z.enum(DECLINE_REASONS),
  remarks: z.string().nullable(),
});
export type PublicDecline = z.infer<typeof publicDecline>;

/** The decline's success message. */
export const DECLINED_MESSAGE = 'Thank you: the trader has been told that you decline to quote.';

// ---- Reminders ---------------------------------------------------------------------------------

/** A distribution may ask for one reminder this many minutes before the reply-by. */
export const REMIND_BEFORE_MINUTES = { min: 1, max: 1440 } as const;

/** How a recipient's reminder went: mailed, refused by the mail gate (see its note), or not needed (answered, closed). */
export const REMINDER_STATES = ['sent', 'skipped', 'not_needed'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];

// ---- Sealed offers -----------------------------------------------------------------------------

/** The 409 of an award while the offers are sealed. */
export const OFFERS_SEALED_MESSAGE = 'Offers are sealed until the reply-by time';

/** An offer while the offers are sealed: who and when, never what. */
export const sealedOfferView = z.object({
  id: z.uuid(),
  status: z.enum(OFFER_STATUSES),
  revision: z.number().int(),
  supplier: z.object({ id: z.uuid().nullable(), trading_name: z.string() }),
  submitted_at: z.string().nullable(),
  sealed: z.literal(true),
});
export type SealedOfferView = z.infer<typeof sealedOfferView>;

/** Whether an inquiry's offers are sealed now, how many suppliers answered, and when they open. */
export const offerSealView = z.object({
  sealed: z.boolean(),
  /** The latest reply-by of the suppliers asked; null when the offers were never sealed. */
  opens_at: z.string().nullable(),
  /** Suppliers that offered or declined, of those the inquiry went to. */
  answered_count: z.number().int(),
  invited_count: z.number().int(),
});
export type OfferSealView = z.infer<typeof offerSealView>;

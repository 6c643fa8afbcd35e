import { z } from 'zod';
import { isoDateTime, optionalMultilineText } from './fields';

/**
 * A negotiation round (the distribution is round 1): the shortlisted offers' suppliers are asked
 * to improve, each with a fresh link, until the round's reply-by; only they may revise meanwhile.
 */
/** At most this many offers shortlisted at once (as many as recipients of one distribution). */
const MAX_SHORTLIST = 200;

export const roundInput = z.object({
  offer_ids: z
    .array(z.uuid('Offer must be a valid id'), { error: 'Please select at least one offer' })
    .min(1, 'Please select at least one offer')
    .max(MAX_SHORTLIST, `At most ${MAX_SHORTLIST} offers at once`),
  reply_by: isoDateTime('Reply by').transform((v) => new Date(v).toISOString()),
  message: optionalMultilineText('Message', 2000),
  /** Each supplier is told its own rank on landed cost among the current offers ("2nd of 4"), never a price. */
  show_rank: z.boolean({ error: 'Show rank must be true or false' }).default(false),
});
export type RoundInput = z.input<typeof roundInput>;

export const roundResponse = z.object({
  success: z.literal(true),
  round: z.number().int(),
  invited_count: z.number().int(),
});
export type RoundResponse = z.infer<typeof roundResponse>;

/** A supplier's place on landed cost among the current offers: 1 is the lowest. */
export const offerRank = z.object({ position: z.number().int().min(1), of: z.number().int().min(1) });
export type OfferRank = z.infer<typeof offerRank>;

/** What the offer page says of the round a supplier was invited to. */
export const publicRound = z.object({
  round: z.number().int().min(2),
  reply_by: z.string(),
  message: z.string().nullable(),
  /** Only with show_rank, and only the supplier's own. */
  rank: offerRank.nullable(),
});
export type PublicRound = z.infer<typeof publicRound>;

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** "2nd of 4". */
export const rankText = (rank: OfferRank) => `${ordinal(rank.position)} of ${rank.of}`;

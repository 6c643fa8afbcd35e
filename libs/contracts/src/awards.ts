import { z } from 'zod';
import { optionalMultilineText } from './fields';
import { MAX_LINES } from './inquiries';

const revision = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Revision is required' : 'Revision must be a whole number',
  })
  .int('Revision must be a whole number')
  .min(1, 'Revision must be at least 1');

/**
 * A split award: each fuel line of the inquiry goes to one offer that priced it (at the revision
 * the trader reviewed) or is listed as not placed. The shape only; that every line is covered
 * once, by an offer of this inquiry that priced it, is checked against the inquiry (400 per field).
 */
export const splitAwardInput = z.object({
  lines: z
    .array(
      z.object({
        product_line_id: z.uuid('Fuel line must be a valid id'),
        offer_id: z.uuid('Offer must be a valid id'),
        revision,
      }),
      { error: 'Lines must be a list of fuel lines and their winning offers' },
    )
    .max(MAX_LINES, `At most ${MAX_LINES} fuel lines`),
  not_placed: z
    .array(z.uuid('Fuel line must be a valid id'), { error: 'Not placed must be a list of fuel lines' })
    .max(MAX_LINES, `At most ${MAX_LINES} fuel lines`)
    .default([]),
  notes: optionalMultilineText('Notes', 2000),
});
export type SplitAwardInput = z.input<typeof splitAwardInput>;

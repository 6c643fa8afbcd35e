import { z } from 'zod';
import { ISO_SPECS } from './constants';
import { enumField, requiredText } from './fields';

export const product = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string().nullable(),
  spec_version: z.string(),
  sulfur_max: z.string().nullable(),
  aliases: z.array(z.string()),
});
export type Product = z.infer<typeof product>;

const sulfur = z
  .string({ error: 'Max sulfur % must be a number' })
  .trim()
  .regex(/^\d{1,2}(\.\d{1,3})?$/, 'Max sulfur % must be a number between 0 and 99.999 with at most 3 decimals')
  .nullish()
  .transform((v) => v ?? null);

export const productInput = z.object({
  code: requiredText('Code', 20).transform((v) => v.toUpperCase()),
  name: z.string().trim().max(100).nullish().transform((v) => (v ? v : null)),
  spec_version: enumField('Spec version', ISO_SPECS),
  sulfur_max: sulfur,
  aliases: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
});
export type ProductInput = z.input<typeof productInput>;

export const addStandardFuelsResponse = z.object({
  success: z.literal(true),
  detail: z.string(),
  added: z.number().int(),
});

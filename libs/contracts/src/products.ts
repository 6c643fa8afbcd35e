import { z } from 'zod';
import { ISO_SPECS } from './constants';
import {
  decimalInput,
  enumField,
  isSingleLineText,
  optionalText,
  requiredText,
  singleLineMessage,
} from './fields';

export const product = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string().nullable(),
  spec_version: z.string(),
  sulfur_max: z.string().nullable(),
  aliases: z.array(z.string()),
});
export type Product = z.infer<typeof product>;

/** Every fuel grade has a sulfur limit (ISO 8217); numeric(5, 3) in storage. */
const sulfur = decimalInput({ label: 'Max sulfur %', scale: 3, min: '0', max: '99.999' });

export const productInput = z.object({
  code: requiredText('Code', 20).transform((v) => v.toUpperCase()),
  name: optionalText('Name', 100),
  spec_version: enumField('Spec version', ISO_SPECS),
  sulfur_max: sulfur,
  aliases: z
    .array(z.string().trim().min(1).max(50).refine(isSingleLineText, singleLineMessage('An alias')))
    .max(20)
    .default([]),
});
export type ProductInput = z.input<typeof productInput>;

export const addStandardFuelsResponse = z.object({
  success: z.literal(true),
  detail: z.string(),
  added: z.number().int(),
});

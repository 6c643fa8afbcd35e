import { z } from 'zod';
import { isValidImo, normalizeImo } from './imo';
import { optionalText, requiredText } from './fields';

export const IMO_MESSAGE = 'IMO number must be 7 digits with a valid check digit';

export const imoNumber = z
  .string({ error: 'IMO number is required' })
  .transform(normalizeImo)
  .refine(isValidImo, IMO_MESSAGE);

const positiveInt = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max}`)
    .nullish()
    .transform((v) => v ?? null);

export const vesselInput = z.object({
  imo: imoNumber,
  name: requiredText('Vessel name', 200).transform((v) => v.toUpperCase()),
  ship_type: optionalText('Ship type', 100),
  flag: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Flag must be a 2-letter ISO country code')
    .nullish()
    .transform((v) => v ?? null),
  gross_tonnage: positiveInt('Gross tonnage', 1_000_000),
  dwt: positiveInt('Deadweight', 1_000_000),
  year_built: positiveInt('Year built', 2100),
});
export type VesselInput = z.input<typeof vesselInput>;

export const vessel = z.object({
  id: z.uuid(),
  imo: z.string(),
  name: z.string(),
  ship_type: z.string().nullable(),
  flag: z.string().nullable(),
  gross_tonnage: z.number().int().nullable(),
  dwt: z.number().int().nullable(),
  year_built: z.number().int().nullable(),
});
export type Vessel = z.infer<typeof vessel>;

/** Typeahead result (spec: display_name, name, subtitle, vessel_type, flag, imo). */
export const vesselSearchResult = z.object({
  id: z.uuid(),
  display_name: z.string(),
  name: z.string(),
  subtitle: z.string(),
  vessel_type: z.string().nullable(),
  flag: z.string().nullable(),
  imo: z.string(),
  /** Named by the caller's company and not confirmed yet: other companies do not see it. */
  pending: z.boolean(),
});
export type VesselSearchResult = z.infer<typeof vesselSearchResult>;

/** Admin › Vessels' review list (platform operators): vessels companies named, not confirmed yet. */
export const pendingVessel = vessel.extend({ created_at: z.string() });
export type PendingVessel = z.infer<typeof pendingVessel>;
export const MAX_PENDING_VESSELS = 500;

export const VESSEL_PENDING_NOTE = 'Only your company finds it until a platform operator confirms it.';
export const VESSEL_CONFIRMED = 'Vessel confirmed: every company now finds it.';
export const VESSEL_ALREADY_CONFIRMED = 'This vessel is already confirmed';
export function vesselExistsMessage(imo: string): string {
  return `A vessel with IMO ${imo} already exists`;
}

/** "MSC OSCAR (IMO: 9703291)", the format the inquiry form parses back. */
export function vesselDisplayName(v: { name: string; imo: string }): string {
  return `${v.name} (IMO: ${v.imo})`;
}

/**
 * Reads back what the vessel box holds: "MSC OSCAR (IMO: 9703291)" gives the name and the IMO;
 * any other text is a name alone.
 */
export function parseVesselText(text: string): { name: string; imo: string | null } {
  const match = /^(.*?)\s*\(\s*IMO:?\s*(\d{7})\s*\)\s*$/i.exec(text.trim());
  if (!match) return { name: text.trim(), imo: null };
  return { name: match[1]!.trim(), imo: match[2]! };
}

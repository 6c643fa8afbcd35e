import { z } from 'zod';

/** The inquiry as a supplier sees it in a mail: no customer, no other supplier. */
export const rfqMailFacts = z.object({
  vessel_name: z.string(),
  imo: z.string().nullable(),
  port_name: z.string().nullable(),
  port_unlocode: z.string().nullable(),
  /** IANA zone; times are shown in it and in UTC. */
  port_timezone: z.string().nullable(),
  eta: z.string().nullable(),
  etb: z.string().nullable(),
  etd: z.string().nullable(),
  selling_terms: z.string().nullable(),
  /** The trader's notes for suppliers; absent in mails queued before they existed. */
  supplier_notes: z.string().nullish(),
  products: z
    .array(
      z.object({
        product_name: z.string(),
        iso_spec: z.string(),
        quantity_mt_min: z.string(),
        quantity_mt_max: z.string(),
      }),
    )
    .max(20),
});
export type RfqMailFacts = z.infer<typeof rfqMailFacts>;

/** A field of an amended inquiry as it was and as it is now, both already formatted for the mail. */
export const rfqChange = z.object({ label: z.string(), before: z.string(), after: z.string() });
export type RfqChange = z.infer<typeof rfqChange>;

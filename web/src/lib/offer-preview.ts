import { chargeInput, offerLineInput, type ChargeInput } from '@mfd/contracts';
import { effectivePrice, landedCost, type LandedCost } from '@mfd/pricing';
import { toOfferRequest, type OfferFormValues, type RequestedLine } from './offer-form-values';

/** The supplier has no index values: an index-linked line's price is unknown on its side. */
const noIndexValues = () => null;

/**
 * What the offer being typed costs at the requested max of each line, by the very rules the
 * trader's comparison applies (@mfd/pricing): the lines and charges typed so far that the schema
 * takes, the rest left out until they are. Null while no line is priced.
 */
export function offerPreview(
  values: OfferFormValues,
  requested: RequestedLine[],
): LandedCost<ChargeInput> | null {
  const { body } = toOfferRequest(values, 'UTC');
  const asked = new Map(requested.map((l) => [l.id, l.quantity_mt_max]));
  const lines = body.lines.flatMap((raw) => {
    const line = offerLineInput.safeParse(raw);
    const quantity = line.success ? asked.get(line.data.product_line_id) : undefined;
    if (!line.success || quantity === undefined) return [];
    const price = effectivePrice(line.data, noIndexValues).effective_price_per_mt;
    return [{ product_line_id: line.data.product_line_id, price_per_mt: price, quantity_mt: quantity }];
  });
  if (lines.length === 0) return null;
  const charges = (body.charges ?? []).flatMap((raw) => {
    const charge = chargeInput.safeParse(raw);
    return charge.success ? [charge.data] : [];
  });
  return landedCost(lines, charges);
}

import type { OfferSealView } from '@mfd/contracts';

/** What sealing is judged on: each supplier the inquiry went to, its latest reply-by and whether it answered. */
export interface SealFacts {
  /** A distribution sealed the offers. */
  sealed: boolean;
  suppliers: { replyBy: Date; answered: boolean }[];
}

/**
 * Sealed offers open when the last reply-by of the suppliers asked has passed or when every one of
 * them has answered (offered or declined), whichever comes first; offers never sealed, or of an
 * inquiry sent to nobody, are open.
 */
export function offerSealState({ sealed, suppliers }: SealFacts, now: Date): OfferSealView {
  const answered = suppliers.filter((s) => s.answered).length;
  const opensAt = suppliers.reduce<Date | null>(
    (latest, s) => (latest && latest.getTime() >= s.replyBy.getTime() ? latest : s.replyBy),
    null,
  );
  const stillSealed =
    sealed && opensAt !== null && answered < suppliers.length && now.getTime() < opensAt.getTime();
  return {
    sealed: stillSealed,
    opens_at: sealed && opensAt ? opensAt.toISOString() : null,
    answered_count: answered,
    invited_count: suppliers.length,
  };
}

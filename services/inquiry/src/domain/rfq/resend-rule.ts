/** An address sent the inquiry this recently is skipped by a resend: a resend loop is no mail relay. */
export const RESEND_AFTER_MINUTES = 15;

/** Whether an address last sent the inquiry at `lastSentAt` is still too recent to be sent it again. */
export function tooSoonToResend(lastSentAt: Date, now: Date): boolean {
  return now.getTime() - lastSentAt.getTime() < RESEND_AFTER_MINUTES * 60_000;
}

/** Why a distribution skipped addresses the inquiry went to: `resend` not asked, or too soon for it. */
export type SkipReason = 'already-had' | 'too-soon';

/** What a distribution says of the addresses it skipped (null: none). */
export function skippedNote(skipped: number, reason: SkipReason): string | null {
  if (skipped === 0) return null;
  const who = skipped === 1 ? '1 supplier address' : `${skipped} supplier addresses`;
  const was = skipped === 1 ? 'was' : 'were';
  return reason === 'already-had'
    ? `${who} already had this inquiry and ${was} skipped; send again with resend`
    : `${who} ${was} sent this inquiry less than ${RESEND_AFTER_MINUTES} minutes ago and ${was} skipped; send again later`;
}

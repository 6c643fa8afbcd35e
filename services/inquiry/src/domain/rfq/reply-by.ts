import { DEFAULT_REPLY_HOURS } from '@mfd/contracts';

export type ReplyByResult = { ok: true; replyBy: Date } | { ok: false; message: string };

const HOUR = 3_600_000;

/**
 * When suppliers must answer by: the trader's time, or 24 hours from now, and never after the
 * vessel's ETA (an offer after arrival is no use). A time already past cannot be asked for.
 */
export function resolveReplyBy(requested: Date | null, eta: Date | null, now: Date): ReplyByResult {
  if (eta && eta.getTime() <= now.getTime())
    return { ok: false, message: 'The vessel’s ETA has passed: update the ETA before sending' };
  if (requested) {
    if (requested.getTime() <= now.getTime()) return { ok: false, message: 'Reply by must be in the future' };
    if (eta && requested.getTime() > eta.getTime())
      return { ok: false, message: 'Reply by must not be after the vessel’s ETA' };
    return { ok: true, replyBy: requested };
  }
  const byDefault = new Date(now.getTime() + DEFAULT_REPLY_HOURS * HOUR);
  return { ok: true, replyBy: eta && eta.getTime() < byDefault.getTime() ? eta : byDefault };
}

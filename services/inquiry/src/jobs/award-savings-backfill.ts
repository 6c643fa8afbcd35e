import type { Kysely } from 'kysely';
import type { Logger } from '@mfd/queue';
import type { InquiryDB } from '../data/db';
import { backfillAwardSavings } from '../domain/insights/award-savings';

/**
 * Fills the kept savings of awards that have none (backfillAwardSavings) in the background from the
 * service's start, once: awards made through the service keep theirs as they are made, so after
 * one pass only a seed written in SQL leaves any, and the dashboard computes those on its read.
 * A failure is logged; the dashboard's read still answers exactly, and the next start tries again.
 */
export function startAwardSavingsBackfill(db: Kysely<InquiryDB>, logger: Logger) {
  const abort = new AbortController();
  const started = Date.now();
  const running = backfillAwardSavings(db, abort.signal)
    .then((filled) => {
      if (filled > 0) logger.info({ filled, ms: Date.now() - started }, 'award savings backfilled');
    })
    .catch((err: unknown) =>
      logger.warn({ err }, 'award savings backfill failed; the dashboard fills on read'),
    );
  return {
    /** Stops after the batch in hand (shutdown). */
    async stop() {
      abort.abort();
      await running;
    },
  };
}

import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobPayload, QUEUES, vesselInput } from '@mfd/contracts';
import { queuePrefix, startConsumer, type Logger } from '@mfd/queue';
import type { Kysely } from 'kysely';
import type { DirectoryDB } from '../data/db';
import { flagBouncedAddress } from '../data/bounced-addresses.repository';
import { countInquiry } from '../data/customers.repository';
import { learnVessel } from '../data/vessels.repository';

/**
 * The directory's events. From the inquiry service: each customer's inquiry_count, and the vessels
 * inquiries name (a new IMO joins the company's own vessels, so its vessel autocomplete learns from
 * use; other companies find it once a platform operator confirms it). From the mailer: an address
 * of the company that hard-bounced, flagged on its suppliers and contacts.
 */
export function startInquiryEvents(opts: {
  db: Kysely<DirectoryDB>;
  connection: Redis;
  redisPrefix: string;
  logger: Logger;
}): Worker {
  return startConsumer({
    queue: QUEUES.directoryEvents,
    connection: opts.connection,
    prefix: queuePrefix(opts.redisPrefix),
    schema: jobPayload,
    logger: opts.logger,
    concurrency: 5,
    // Each handled event confirms the inquiry service's outbox row, so a lost job is sent again.
    acknowledge: true,
    handle: async (event, job) => {
      if (event.type === 'inquiry.created') {
        await countInquiry(opts.db, String(job.id), event.tenant_id, event.customer_id);
      } else if (event.type === 'inquiry.vessel-named') {
        const vessel = vesselInput.safeParse({ imo: event.imo, name: event.name });
        // A name the registry's rules refuse is left out rather than retried for ever.
        if (!vessel.success)
          return opts.logger.warn({ jobId: job.id }, 'vessel named by an inquiry left out: invalid');
        await learnVessel(opts.db, vessel.data, { userId: event.user_id, tenantId: event.tenant_id });
      } else if (event.type === 'mailer.address-bounced') {
        await flagBouncedAddress(opts.db, event.tenant_id, { ...event, at: new Date(event.at) });
      }
    },
  });
}

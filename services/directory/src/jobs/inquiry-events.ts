import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobPayload, QUEUES, vesselInput, type JobPayload } from '@mfd/contracts';
import { queuePrefix, startConsumer, type Logger } from '@mfd/queue';
import type { Kysely } from 'kysely';
import type { DirectoryDB } from '../data/db';
import { flagBouncedAddress } from '../data/bounced-addresses.repository';
import { countInquiries, type InquiryCreated } from '../data/customers.repository';
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
  /** One event, known by its outbox id (a single job's id, or a batch item's). */
  const handleOne = async (event: JobPayload, id: string) => {
    if (event.type === 'inquiry.created') {
      await countInquiries(opts.db, [{ id, tenantId: event.tenant_id, customerId: event.customer_id }]);
    } else if (event.type === 'inquiry.vessel-named') {
      const vessel = vesselInput.safeParse({ imo: event.imo, name: event.name });
      // A name the registry's rules refuse is left out rather than retried for ever.
      if (!vessel.success)
        return opts.logger.warn({ jobId: id }, 'vessel named by an inquiry left out: invalid');
      await learnVessel(opts.db, vessel.data, { userId: event.user_id, tenantId: event.tenant_id });
    } else if (event.type === 'mailer.address-bounced') {
      await flagBouncedAddress(opts.db, event.tenant_id, { ...event, at: new Date(event.at) });
    }
  };
  return startConsumer({
    queue: QUEUES.directoryEvents,
    connection: opts.connection,
    prefix: queuePrefix(opts.redisPrefix),
    schema: jobPayload,
    logger: opts.logger,
    // A job keeps its slot until its confirmation is queued (the ack window, up to 50 ms) while its
    // own work takes a few: 5 slots took at most about 70 jobs a second, short of a desk's burst.
    // The counts of jobs side by side wait for each other only on a shared customer's row.
    concurrency: 20,
    // Each handled event confirms the inquiry service's outbox row, so a lost job is sent again.
    acknowledge: true,
    handle: (event, job) => handleOne(event, String(job.id)),
    // A relay pass's events (a desk creating many inquiries): the counts in one transaction, and
    // each vessel once (learning one keeps the first naming, so later ones in the pass change nothing).
    handleBatch: async (events, _job, _requestIds, ids) => {
      const created: InquiryCreated[] = [];
      const vessels = new Set<string>();
      for (const [i, event] of events.entries()) {
        if (event.type === 'inquiry.created')
          created.push({ id: ids[i]!, tenantId: event.tenant_id, customerId: event.customer_id });
        else if (event.type !== 'inquiry.vessel-named' || !vessels.has(`${event.tenant_id}/${event.imo}`)) {
          if (event.type === 'inquiry.vessel-named') vessels.add(`${event.tenant_id}/${event.imo}`);
          await handleOne(event, ids[i]!);
        }
      }
      await countInquiries(opts.db, created);
    },
  });
}

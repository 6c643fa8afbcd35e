import type { Queue } from 'bullmq';
import { Counter, Gauge, Registry } from 'prom-client';

/** Prometheus metrics of one mailer replica, in a registry of its own (tests build several apps). */
export function createMetrics(queue: Queue) {
  const registry = new Registry();
  const sent = new Counter({
    name: 'mail_sent_total',
    help: 'Mails accepted by the SMTP server',
    registers: [registry],
  });
  const failed = new Counter({
    name: 'mail_failed_total',
    help: 'Mails given up (permanent error or out of attempts)',
    registers: [registry],
  });
  const retries = new Counter({
    name: 'mail_retries_total',
    help: 'Temporary send failures that will be retried',
    registers: [registry],
  });
  new Gauge({
    name: 'mail_queue_depth',
    help: 'mail.send jobs waiting, delayed for a retry, or being sent',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const counts = await queue.getJobCounts('wait', 'delayed', 'active');
      for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
    },
  });
  return { registry, sent, failed, retries };
}

export type MailMetrics = ReturnType<typeof createMetrics>;

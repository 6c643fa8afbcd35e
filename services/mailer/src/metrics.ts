import { Counter, type Registry } from 'prom-client';

/**
 * The mailer's counters. They live in the deps (the worker counts) and join the app's registry
 * in buildApp, so each app built in a test counts its own mails.
 */
export function createMetrics() {
  return {
    sent: new Counter({ name: 'mail_sent_total', help: 'Mails accepted by the SMTP server', registers: [] }),
    failed: new Counter({
      name: 'mail_failed_total',
      help: 'Mails given up (permanent error or out of attempts)',
      registers: [],
    }),
    retries: new Counter({
      name: 'mail_retries_total',
      help: 'Temporary send failures that will be retried',
      registers: [],
    }),
    inbound: new Counter({
      name: 'mail_inbound_total',
      help: 'Mails the inbound listener received after DATA, by outcome (taken, quarantined, refused)',
      labelNames: ['outcome'] as const,
      registers: [],
    }),
  };
}

export type MailMetrics = ReturnType<typeof createMetrics>;

export function registerMailMetrics(registry: Registry, metrics: MailMetrics): void {
  for (const metric of Object.values(metrics)) registry.registerMetric(metric);
}

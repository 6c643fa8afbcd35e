import { z } from 'zod';
import { signatureView } from './profile';

/** BullMQ queue names. A queue has one consuming service; events are addressed to it. */
export const QUEUES = {
  mailSend: 'mail.send',
  directoryEvents: 'directory.events',
  inquiryEvents: 'inquiry.events',
  identityEvents: 'identity.events',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Templates the mailer renders, each with the data it needs. */
export const mailTemplate = z.discriminatedUnion('template', [
  z.object({
    template: z.literal('password-reset'),
    data: z.object({ first_name: z.string(), token: z.string(), expires_in_minutes: z.number().int() }),
  }),
]);
export type MailTemplate = z.infer<typeof mailTemplate>;
export type MailTemplateName = MailTemplate['template'];

export const mailSendJob = z.object({
  type: z.literal('mail.send'),
  to: z.email(),
  /** Display name for the To header. */
  to_name: z.string().nullish(),
  /** Who asked for the mail, for the message record and for status events. */
  source: z.enum(['identity', 'inquiry']),
  /** Where the mailer sends `mail.status` events; none when the producer does not track delivery. */
  status_queue: z.enum([QUEUES.inquiryEvents, QUEUES.identityEvents]).nullish(),
  /** Producer's own reference (e.g. a distribution recipient id), echoed in status events. */
  reference: z.string().max(200).nullish(),
  tenant_id: z.uuid().nullish(),
  reply_to: z.email().nullish(),
  /** The sender's e-mail signature, appended by templates that carry one. */
  signature: signatureView.nullish(),
  mail: mailTemplate,
});
export type MailSendJob = z.infer<typeof mailSendJob>;

export const mailStatusEvent = z.object({
  type: z.literal('mail.status'),
  job_id: z.string(),
  reference: z.string().nullish(),
  to: z.string(),
  template: z.string(),
  status: z.enum(['sent', 'failed', 'retrying']),
  attempts: z.number().int(),
  error: z.string().nullish(),
  smtp_message_id: z.string().nullish(),
  at: z.string(),
});
export type MailStatusEvent = z.infer<typeof mailStatusEvent>;

export const inquiryCreatedEvent = z.object({
  type: z.literal('inquiry.created'),
  tenant_id: z.uuid(),
  inquiry_id: z.uuid(),
  customer_id: z.uuid(),
  at: z.string(),
});
export type InquiryCreatedEvent = z.infer<typeof inquiryCreatedEvent>;

/** Every payload that travels through an outbox and a queue. */
export const jobPayload = z.discriminatedUnion('type', [
  mailSendJob,
  mailStatusEvent,
  inquiryCreatedEvent,
]);
export type JobPayload = z.infer<typeof jobPayload>;

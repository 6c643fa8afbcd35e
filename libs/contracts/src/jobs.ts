import { z } from 'zod';
import { MAIL_STATUSES, ROLES } from './constants';
import { chargeView, MAX_CHARGES, paymentView, PRICINGS } from './offer-terms';
import { MAX_DIGEST_ITEMS, traderAlertItem } from './notifications';
import { DELIVERY_METHODS } from './offers';
import { signatureView } from './profile';
import { rfqChange, rfqMailFacts } from './rfq-facts';
import { offerRank } from './rounds';
import { stemDashboard } from './stem-life';

/** BullMQ queue names. A queue has one consuming service; events are addressed to it. */
export const QUEUES = {
  mailSend: 'mail.send',
  directoryEvents: 'directory.events',
  inquiryEvents: 'inquiry.events',
  identityEvents: 'identity.events',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Services that write an outbox; each confirms its rows from its own `outbox.ack.<service>` queue. */
export const OUTBOX_SERVICES = ['identity', 'directory', 'inquiry', 'mailer'] as const;
export type OutboxService = (typeof OUTBOX_SERVICES)[number];
export const outboxAckQueue = (service: OutboxService) => `outbox.ack.${service}`;
/** The most outbox ids one job carries: a batch of events, or of confirmations. */
export const MAX_JOB_BATCH = 500;
/** A consumer's confirmations of handled jobs (outbox ids), gathered into one job. */
const outboxAckBatch = z.object({ ids: z.array(z.string().min(1)).min(1).max(MAX_JOB_BATCH) });
export type OutboxAckBatch = z.infer<typeof outboxAckBatch>;
/** Also reads the one-id form of earlier releases, so acks queued before an upgrade still count. */
export const outboxAck = z.union([
  outboxAckBatch,
  z.object({ id: z.string().min(1) }).transform((ack) => ({ ids: [ack.id] })),
]);

/**
 * A secret field of a mail job (a one-time link's token), sealed with AES-256-GCM by the producer
 * and opened only by the mailer: `sealed.v1.<key id>.<iv>.<ciphertext>.<tag>`, base64url parts.
 * Outbox rows and queued jobs hold only this form, so a dump of either hands out no working link.
 */
export const sealedSecret = z
  .string()
  .regex(
    /^sealed\.v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+$/,
    'must be a sealed secret',
  );

/** A sealed secret only some mails of a template carry (null in the others). */
export const optionalSealedSecret = sealedSecret.nullable();

const rfqLinkData = {
  supplier_name: z.string(),
  rfq: rfqMailFacts,
  /** ISO 8601; shown in port time and UTC. */
  reply_by: z.string(),
  /** The supplier's personal offer-page token. */
  token: sealedSecret,
};

/** The most of a reply's text an event carries; the whole reply stays in the mailer's schema. */
export const MAX_REPLY_TEXT = 100_000;
/** A reply with more attachments than this is refused (552) before anything is stored. */
export const MAX_REPLY_ATTACHMENTS = 50;

/** A file of a supplier's reply, as mails and events list it. */
export const replyFile = z.object({
  filename: z.string().max(255),
  content_type: z.string().max(255),
  /** Bytes, decoded. */
  size: z.number().int().nonnegative(),
});

/** The largest file a job carries, base64 (about 1.5 MB of PDF). */
export const MAX_MAIL_ATTACHMENT_BASE64 = 2_000_000;

/** Templates the mailer renders, each with the data it needs. */
export const mailTemplate = z.discriminatedUnion('template', [
  z.object({
    template: z.literal('password-reset'),
    data: z.object({ first_name: z.string(), token: sealedSecret, expires_in_minutes: z.number().int() }),
  }),
  z.object({
    template: z.literal('verify-email'),
    data: z.object({ first_name: z.string(), token: sealedSecret, expires_in_minutes: z.number().int() }),
  }),
  /** A company admin invites a colleague: the single-use link to join the company with a role. */
  z.object({
    template: z.literal('company-invitation'),
    data: z.object({
      company_name: z.string(),
      inviter_name: z.string(),
      role: z.enum(ROLES),
      token: sealedSecret,
      expires_in_days: z.number().int(),
    }),
  }),
  /** A supplier is asked to price an inquiry through its personal link. */
  z.object({ template: z.literal('rfq-invitation'), data: z.object(rfqLinkData) }),
  /** A supplier that has neither offered nor declined is reminded of the reply-by, with a fresh link. */
  z.object({ template: z.literal('rfq-reminder'), data: z.object(rfqLinkData) }),
  /** The inquiry a supplier was sent changed: what changed, and the link to price it again. */
  z.object({
    template: z.literal('rfq-amendment'),
    data: z.object({
      ...rfqLinkData,
      changes: z.array(rfqChange).max(50),
      /** The trader's word with the amendment; absent in mails queued before it existed. */
      message: z.string().nullish(),
    }),
  }),
  /** A shortlisted supplier is asked to improve its offer in a negotiation round. */
  z.object({
    template: z.literal('rfq-round'),
    data: z.object({
      ...rfqLinkData,
      round: z.number().int().min(2),
      message: z.string().nullable(),
      /** The supplier's own rank on landed cost, when the trader chose to tell it. */
      rank: offerRank.nullable(),
    }),
  }),
  /** The winner's confirmation: what was agreed. */
  z.object({
    template: z.literal('offer-awarded'),
    data: z.object({
      supplier_name: z.string(),
      rfq: rfqMailFacts,
      agent_name: z.string().nullable(),
      agent_email: z.string().nullable(),
      lines: z
        .array(
          z.object({
            product_name: z.string(),
            iso_spec: z.string(),
            quantity_mt_min: z.string(),
            quantity_mt_max: z.string(),
            pricing: z.enum(PRICINGS),
            /** The fixed price, or null on an index-linked line (its index and differential say it). */
            price_per_mt: z.string().nullable(),
            index_name: z.string().nullable(),
            differential: z.string().nullable(),
            delivery_method: z.enum(DELIVERY_METHODS),
          }),
        )
        .max(20),
      /** The agreed charges, each with the grades it applies to (null: every grade). */
      charges: z
        .array(
          chargeView
            .omit({ product_line_ids: true })
            .extend({ product_names: z.array(z.string()).max(20).nullable() }),
        )
        .max(MAX_CHARGES),
      /** At the maximum quantities; null while an index-linked line has no value. */
      fuel_cost: z.string().nullable(),
      charges_cost: z.string().nullable(),
      total_landed_cost: z.string().nullable(),
      payment: paymentView.nullable(),
      payment_terms: z.string().nullable(),
      notes: z.string().nullable(),
    }),
  }),
  /** A supplier who offered is told, shortly, that another offer was taken. */
  z.object({
    template: z.literal('offer-not-awarded'),
    data: z.object({ supplier_name: z.string(), rfq: rfqMailFacts }),
  }),
  /** The suppliers an inquiry went to are told it was cancelled. */
  z.object({
    template: z.literal('rfq-cancelled'),
    data: z.object({ supplier_name: z.string(), rfq: rfqMailFacts, reason: z.string().nullable() }),
  }),
  /**
   * To our own user: a supplier's reply to a mail about their inquiry, forwarded at once (from the
   * platform, Reply-To the supplier, the reply's files attached by the mailer, which holds them).
   */
  z.object({
    template: z.literal('supplier-reply'),
    data: z.object({
      supplier_name: z.string().max(200),
      from: z.object({ address: z.string().max(320), name: z.string().max(200).nullable() }),
      subject: z.string().max(1000),
      text: z.string().max(MAX_REPLY_TEXT),
      text_truncated: z.boolean(),
      attachments: z.array(replyFile).max(MAX_REPLY_ATTACHMENTS),
      inquiry_id: z.uuid(),
      vessel_name: z.string().max(200),
      port_name: z.string().max(200).nullable(),
    }),
  }),
  /** To our own user: one event about an inquiry they look after (from the platform, no signature). */
  z.object({
    template: z.literal('trader-alert'),
    data: z.object({ name: z.string().nullable(), item: traderAlertItem }),
  }),
  /** To our own user: the events since their last alert mail, at most one such mail per digest window. */
  z.object({
    template: z.literal('trader-digest'),
    data: z.object({
      name: z.string().nullable(),
      items: z.array(traderAlertItem).min(1).max(MAX_DIGEST_ITEMS),
      /** Events beyond the listed ones, counted. */
      more: z.number().int().min(0),
    }),
  }),
  /** To our own user, once a day: their stems awaiting delivery, invoices due, claims near their time bar. */
  z.object({
    template: z.literal('stem-digest'),
    data: z.object({ name: z.string().nullable() }).extend(stemDashboard.shape),
  }),
  /**
   * A stem's confirmation, its PDF attached: to the supplier with a personal link to acknowledge it
   * (its token sealed), to the customer, the agent and any cc without one.
   */
  z.object({
    template: z.literal('stem-confirmation'),
    data: z.object({
      recipient_name: z.string().nullable(),
      reference: z.string().max(40),
      company_name: z.string().nullable(),
      vessel_name: z.string(),
      port_name: z.string().nullable(),
      copy: z.enum(['supplier', 'customer']),
      /** A send after the first: the earlier confirmation (and its link) is replaced. */
      resend: z.boolean(),
      /** The supplier's acknowledgement link's token; null in the other copies' mails. */
      ack_token: optionalSealedSecret,
      ack_expires_at: z.iso.datetime({ offset: true }).nullable(),
    }),
  }),
  /** To the address an account had before its e-mail was changed, so a taken-over account does not go unnoticed. */
  z.object({
    template: z.literal('email-changed'),
    data: z.object({
      first_name: z.string(),
      new_email: z.email(),
      changed_at: z.iso.datetime({ offset: true }),
    }),
  }),
]);
export type MailTemplate = z.infer<typeof mailTemplate>;
export type MailTemplateName = MailTemplate['template'];

/** Who a supplier mail is from, as the From header's display name shows it. */
export const mailSender = z.object({
  name: z.string().max(200).nullable(),
  company: z.string().max(200).nullable(),
});
export type MailSender = z.infer<typeof mailSender>;

/**
 * The inquiry recipient a supplier mail goes to: the mailer answers its Reply-To with a signed
 * reference to the message (`r-<ref>@REPLY_DOMAIN`) and hands a reply to it to the inquiry
 * service with these ids (`mailer.reply-received`).
 */
export const mailReplyRoute = z.object({
  tenant_id: z.uuid(),
  inquiry_id: z.uuid(),
  recipient_id: z.uuid(),
});
export type MailReplyRoute = z.infer<typeof mailReplyRoute>;

export const mailSendJob = z.object({
  type: z.literal('mail.send'),
  to: z.email(),
  /** Display name for the To header. */
  to_name: z.string().nullish(),
  /** Who asked for the mail: the message record, and where its `mail.status` events go (MAIL_STATUS_QUEUES). */
  source: z.enum(['identity', 'inquiry']),
  /** Producer's own reference (e.g. a distribution recipient id), echoed in status events. */
  reference: z.string().max(200).nullish(),
  tenant_id: z.uuid().nullish(),
  /**
   * Where replies go: the trader's own address. A mail with a `reply_route` replies to the
   * platform instead when the mailer has a REPLY_DOMAIN (the trader stays in the signature and `cc`).
   */
  reply_to: z.email().nullish(),
  /** A copy of the mail goes here (the trader's own address, when the trader asked for one). */
  cc: z.email().nullish(),
  reply_route: mailReplyRoute.nullish(),
  /** The sender's e-mail signature, appended by templates that carry one. */
  signature: signatureView.nullish(),
  /**
   * The trader a supplier mail is sent for: its From reads "Name (Company) via Marine Fuel
   * Distribution" at the platform's own address (MAIL_FROM), which alone is DKIM-aligned.
   */
  sender: mailSender.nullish(),
  /**
   * The job id of the recipient's invitation, for a later mail about the same inquiry (amendment,
   * cancel notice, award, not-awarded): it replies to that Message-ID, so mail programs show one thread.
   */
  thread_job_id: z.string().min(1).max(200).nullish(),
  /**
   * A reply the mailer stored (`mailer.reply-received`'s reply_id): its files are attached to this
   * mail, when the reply belongs to the job's tenant (a forwarded reply).
   */
  attach_reply_files: z.uuid().nullish(),
  /**
   * Files made by the producer for this mail (a stem's confirmation PDF), base64: small and bounded,
   * they travel with the job so the mail carries what was confirmed at the send.
   */
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(120),
        content_type: z.literal('application/pdf'),
        content_base64: z.string().max(MAX_MAIL_ATTACHMENT_BASE64),
      }),
    )
    .max(2)
    .nullish(),
  /** When the one-time link the mail carries stops working: past it the mailer sends nothing. */
  link_expires_at: z.iso.datetime({ offset: true }).nullish(),
  mail: mailTemplate,
});
export type MailSendJob = z.infer<typeof mailSendJob>;

/** Every producer of mail hears how each of its mails went; a final status confirms its outbox row. */
export const MAIL_STATUS_QUEUES = {
  identity: QUEUES.identityEvents,
  inquiry: QUEUES.inquiryEvents,
} as const satisfies Record<MailSendJob['source'], QueueName>;

export const mailStatusEvent = z.object({
  type: z.literal('mail.status'),
  job_id: z.string(),
  reference: z.string().nullish(),
  to: z.string(),
  template: z.string(),
  status: z.enum(MAIL_STATUSES),
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

/** An inquiry named a vessel by IMO: the directory adds it to the registry when it is new there. */
export const inquiryVesselNamedEvent = z.object({
  type: z.literal('inquiry.vessel-named'),
  tenant_id: z.uuid(),
  user_id: z.uuid(),
  imo: z.string().regex(/^\d{7}$/),
  name: z.string().min(1).max(200),
  at: z.string(),
});
export type InquiryVesselNamedEvent = z.infer<typeof inquiryVesselNamedEvent>;

/**
 * Companies' own ports with a UN/LOCODE were merged into the shared port of that code (an operator
 * approved one, added or imported the code): the inquiries naming a merged port now name the
 * shared one, with its facts. Sent to the inquiry service, which keeps port facts on each inquiry.
 */
export const directoryPortsMergedEvent = z.object({
  type: z.literal('directory.ports-merged'),
  port: z.object({
    id: z.uuid(),
    name: z.string(),
    unlocode: z.string(),
    country: z.string(),
    timezone: z.string(),
    region: z.string().nullable(),
  }),
  /** Each merged port (gone from the directory) and the company it belonged to. */
  merged: z
    .array(z.object({ port_id: z.uuid(), tenant_id: z.uuid() }))
    .min(1)
    .max(MAX_JOB_BATCH),
  at: z.string(),
});
export type DirectoryPortsMergedEvent = z.infer<typeof directoryPortsMergedEvent>;

/**
 * A hard bounce (the address does not exist or takes no mail) of a company's mail: the directory
 * flags that address on the company's suppliers and contacts (`email_status`).
 */
export const mailerAddressBouncedEvent = z.object({
  type: z.literal('mailer.address-bounced'),
  tenant_id: z.uuid(),
  email: z.string().max(320),
  /** The enhanced status code of the bounce, e.g. 5.1.1. */
  status: z.string().max(20),
  diagnostic: z.string().max(1000).nullable(),
  at: z.string(),
});
export type MailerAddressBouncedEvent = z.infer<typeof mailerAddressBouncedEvent>;

export const replyAttachment = replyFile.extend({ id: z.uuid() });
export type ReplyAttachment = z.infer<typeof replyAttachment>;

/**
 * A supplier answered a mail by replying to its Reply-To (`r-<ref>@REPLY_DOMAIN`): the mailer
 * stored the reply (text, sanitized HTML, attachments) and tells the inquiry service which
 * recipient of which inquiry it came for (the ids the inquiry put in the mail job's `reply_route`).
 */
export const mailerReplyReceivedEvent = z.object({
  type: z.literal('mailer.reply-received'),
  /** The stored reply in the mailer's schema. */
  reply_id: z.uuid(),
  ...mailReplyRoute.shape,
  /** The job of the mail the supplier answered. */
  job_id: z.string(),
  from: z.object({ address: z.string().max(320), name: z.string().max(200).nullable() }),
  subject: z.string().max(1000),
  text: z.string().max(MAX_REPLY_TEXT),
  /** The text was longer than MAX_REPLY_TEXT and was cut. */
  text_truncated: z.boolean(),
  /** The reply had an HTML part (stored sanitized in the mailer). */
  has_html: z.boolean(),
  /** Sent by a machine (an out-of-office answer, RFC 3834 Auto-Submitted), not by a person. */
  auto_submitted: z.boolean(),
  attachments: z.array(replyAttachment).max(MAX_REPLY_ATTACHMENTS),
  received_at: z.string(),
});
export type MailerReplyReceivedEvent = z.infer<typeof mailerReplyReceivedEvent>;

const memberRef = z.object({ id: z.uuid(), name: z.string().max(200) });

/**
 * An admin removed a member from the company: the inquiry service hands the member's open
 * inquiries to `reassign_to`, each hand-over in its inquiry's trail by the admin who removed them.
 */
export const identityMemberRemovedEvent = z.object({
  type: z.literal('identity.member-removed'),
  tenant_id: z.uuid(),
  user_id: z.uuid(),
  user_name: z.string().max(200),
  reassign_to: memberRef,
  removed_by: memberRef,
  at: z.string(),
});
export type IdentityMemberRemovedEvent = z.infer<typeof identityMemberRemovedEvent>;

/** Every payload that travels through an outbox and a queue. */
export const jobPayload = z.discriminatedUnion('type', [
  mailSendJob,
  mailStatusEvent,
  inquiryCreatedEvent,
  inquiryVesselNamedEvent,
  directoryPortsMergedEvent,
  mailerAddressBouncedEvent,
  mailerReplyReceivedEvent,
  identityMemberRemovedEvent,
]);
export type JobPayload = z.infer<typeof jobPayload>;

/**
 * Payload types an outbox relay hands over many to a job: a busy mailer writes a status row per
 * mail, and a desk creating inquiries a count and a vessel event per inquiry; one job per relay pass spares the
 * consumer a queue round trip and a transaction per row. Their consumers must take batches
 * (`handleBatch`, keyed by each item's outbox id).
 */
export const BATCHED_PAYLOAD_TYPES: ReadonlySet<JobPayload['type']> = new Set([
  'mail.status',
  'inquiry.created',
  'inquiry.vessel-named',
]);
/** The BullMQ job name of such a batch. */
export const OUTBOX_BATCH_JOB = 'outbox.batch';
/** A relay pass's rows of one queue in one job; the consumer acknowledges each by its outbox id. */
export const outboxBatch = z.object({
  items: z
    .array(
      z.object({
        id: z.string().min(1),
        /** Checked by the consumer's own schema, item by item. */
        payload: z.unknown(),
        request_id: z.string().nullish(),
      }),
    )
    .min(1)
    .max(MAX_JOB_BATCH),
});
export type OutboxBatch = z.infer<typeof outboxBatch>;

/**
 * The service whose outbox a payload came from: the consumer acknowledges the job to it. Mail
 * jobs name their producer; an event's type starts with it (`inquiry.created`).
 */
export function jobProducer(payload: JobPayload): OutboxService {
  if (payload.type === 'mail.send') return payload.source;
  if (payload.type === 'mail.status') return 'mailer';
  const producer = OUTBOX_SERVICES.find((service) => payload.type.startsWith(`${service}.`));
  if (!producer)
    throw new Error(`event type ${payload.type} does not start with the service that produces it`);
  return producer;
}

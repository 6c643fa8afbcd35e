import type { ColumnType } from 'kysely';
import type { MailStatus } from '@mfd/contracts';
import type { WithOutbox } from '@mfd/queue';

/** One row per mail.send job, i.e. per recipient. Template data is never stored: it can hold one-time links. */
export interface MessagesTable {
  id: string;
  job_id: string;
  source: string;
  template: string;
  recipient: string;
  subject: string | null;
  reference: string | null;
  tenant_id: string | null;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  smtp_message_id: string | null;
  lease_until: Date | null;
  /** An attempt ended with the outcome unknown (the sender died or the connection dropped mid-send). */
  maybe_delivered: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
  sent_at: Date | null;
  failed_at: Date | null;
  /** A bounce came back for the mail after it was sent: when, and its status code (5.1.1). */
  bounced_at: Date | null;
  bounce_status: string | null;
  /** The inquiry recipient a reply to this mail belongs to (the job's reply_route). */
  reply_tenant_id: string | null;
  reply_inquiry_id: string | null;
  reply_recipient_id: string | null;
}

/** A supplier's answer to a mail (through its Reply-To), for the inquiry recipient that mail went to. */
export interface RepliesTable {
  id: string;
  message_id: string;
  tenant_id: string;
  inquiry_id: string;
  recipient_id: string;
  header_message_id: string | null;
  from_address: string;
  from_name: string | null;
  subject: string;
  text: string;
  html: string | null;
  auto_submitted: boolean;
  received_at: ColumnType<Date, never, never>;
}

export interface ReplyAttachmentsTable {
  id: string;
  reply_id: string;
  position: number;
  filename: string;
  content_type: string;
  size: number;
  content: Buffer;
}

/** Mail kept apart as spam-looking (why in `reason`): stored as it came, never forwarded. */
export interface QuarantinedMailsTable {
  id: string;
  reason: string;
  envelope_from: string | null;
  recipients: string[];
  remote_address: string;
  helo: string | null;
  size: number;
  raw: Buffer;
  received_at: ColumnType<Date, never, never>;
}

export interface MailerDB extends WithOutbox {
  messages: MessagesTable;
  replies: RepliesTable;
  reply_attachments: ReplyAttachmentsTable;
  quarantined_mails: QuarantinedMailsTable;
}

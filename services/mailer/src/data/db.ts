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
}

export interface MailerDB extends WithOutbox {
  messages: MessagesTable;
}

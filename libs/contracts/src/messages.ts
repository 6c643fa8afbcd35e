import { z } from 'zod';
import { uuid } from './fields';

/** A file a supplier's reply carried, as the inquiry lists it (the bytes stay with the mailer). */
export const messageAttachmentView = z.object({
  filename: z.string(),
  content_type: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentView>;

/** A supplier's reply to a mail about the inquiry, on the inquiry's thread under that supplier. */
export const inquiryMessageView = z.object({
  id: z.uuid(),
  supplier_id: z.uuid(),
  supplier_name: z.string(),
  /** The sender as the reply named itself: "Name <address>", or the address alone. */
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  received_at: z.string(),
  /** When the inquiry's trader first saw it; null while unread. */
  read_at: z.string().nullable(),
  attachments: z.array(messageAttachmentView),
});
export type InquiryMessageView = z.infer<typeof inquiryMessageView>;

/** Oldest first. */
export const inquiryMessagesResponse = z.object({ items: z.array(inquiryMessageView) });
export type InquiryMessagesResponse = z.infer<typeof inquiryMessagesResponse>;

/** The most messages one request marks read. */
export const MAX_MESSAGES_MARKED = 200;

export const markMessagesRead = z.object({
  ids: z
    .array(uuid('Message id'), { error: 'Ids must be a list' })
    .min(1, 'Name at least one message')
    .max(MAX_MESSAGES_MARKED, `At most ${MAX_MESSAGES_MARKED} messages at once`),
});
export type MarkMessagesRead = z.infer<typeof markMessagesRead>;

export const markMessagesReadResponse = z.object({
  success: z.literal(true),
  detail: z.string(),
  /** The inquiry's messages still unread. */
  unread_count: z.number().int(),
});
export type MarkMessagesReadResponse = z.infer<typeof markMessagesReadResponse>;

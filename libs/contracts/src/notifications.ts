import { z } from 'zod';
import { isoDateTime, uuid } from './fields';

/**
 * What a trader is told about an inquiry, in the app at once and by mail. Adding a kind is one
 * member here and its words in NOTIFICATION_KIND_INFO (the compiler asks for them); the bell, the
 * mails and the e-mail preferences follow from the list.
 */
export const NOTIFICATION_KINDS = [
  'offer_submitted',
  'offer_revised',
  'offer_expiring',
  'offer_declined',
  'mail_failed',
  'mail_bounced',
  'supplier_message',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** An offer still standing whose validity ends within this many minutes is announced as expiring. */
export const OFFER_EXPIRING_WITHIN_MINUTES = 30;

/** The inquiry tab a notification opens: the offers, the suppliers and how their mails went, or their replies. */
export type NotificationTab = 'offers' | 'suppliers' | 'messages';

interface NotificationKindInfo {
  /** The kind in words: the bell's line title and the preference switch's label. */
  label: string;
  tab: NotificationTab;
  /** What happened, as a sentence naming the supplier. */
  sentence: (supplier: string) => string;
}

export const NOTIFICATION_KIND_INFO: Record<NotificationKind, NotificationKindInfo> = {
  offer_submitted: { label: 'New offer', tab: 'offers', sentence: (s) => `${s} submitted an offer` },
  offer_revised: { label: 'Offer revised', tab: 'offers', sentence: (s) => `${s} revised its offer` },
  offer_expiring: {
    label: 'Offer expiring',
    tab: 'offers',
    sentence: (s) => `The offer of ${s} expires within ${OFFER_EXPIRING_WITHIN_MINUTES} minutes`,
  },
  offer_declined: { label: 'Declined to quote', tab: 'suppliers', sentence: (s) => `${s} declined to quote` },
  mail_failed: {
    label: 'Mail not delivered',
    tab: 'suppliers',
    sentence: (s) => `The mail to ${s} could not be delivered`,
  },
  mail_bounced: {
    label: 'Mail bounced',
    tab: 'suppliers',
    sentence: (s) => `The mail to ${s} bounced`,
  },
  supplier_message: {
    label: 'Supplier reply',
    tab: 'messages',
    sentence: (s) => `${s} replied by e-mail`,
  },
};

/** "Lion City Bunkering submitted an offer"; a notification without a supplier name says "A supplier". */
export function notificationSentence(kind: NotificationKind, supplierName: string | null): string {
  return NOTIFICATION_KIND_INFO[kind].sentence(supplierName ?? 'A supplier');
}

/** The page a notification opens: its inquiry on the tab the kind belongs to. */
export function notificationPath(kind: NotificationKind, inquiryId: string): string {
  return `/inquiries/${inquiryId}?tab=${NOTIFICATION_KIND_INFO[kind].tab}`;
}

export const notificationView = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  inquiry_id: z.uuid(),
  offer_id: z.uuid().nullable(),
  supplier_name: z.string().nullable(),
  /** The inquiry's vessel and port as they are now, so the line says which stem it is about. */
  vessel_name: z.string(),
  port_name: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationView>;

/** The most notifications one answer holds; older ones are read page by page with `before`. */
export const MAX_NOTIFICATIONS_PAGE = 50;

export const notificationsQuery = z.object({
  /** The id of the oldest notification already shown: the answer continues after it. */
  before: uuid('Before').optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_NOTIFICATIONS_PAGE, `Limit must be at most ${MAX_NOTIFICATIONS_PAGE}`)
    .default(20),
});

export const notificationsResponse = z.object({
  /** Newest first. */
  items: z.array(notificationView),
  unread_count: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** Marks some of the caller's notifications read (`ids`), or every one (`all: true`). */
export const markNotificationsRead = z
  .object({
    ids: z
      .array(uuid('Notification id'), { error: 'Ids must be a list' })
      .min(1, 'Name at least one notification')
      .max(100, 'At most 100 notifications at once')
      .optional(),
    all: z.literal(true, { error: 'All must be true' }).optional(),
  })
  .refine((input) => (input.ids === undefined) !== (input.all === undefined), {
    message: 'Send either ids or all: true',
    path: ['ids'],
  });
export type MarkNotificationsRead = z.infer<typeof markNotificationsRead>;

export const markNotificationsReadResponse = z.object({
  success: z.literal(true),
  detail: z.string(),
  unread_count: z.number().int(),
});

/**
 * What a user may turn off by mail, each on by default: every notification kind (in the app they
 * are always shown) and the daily stem digest (stems awaiting delivery, invoices due, claims near
 * their time bar).
 */
export const EMAIL_PREFERENCES = [...NOTIFICATION_KINDS, 'stem_digest'] as const;
export type EmailPreference = (typeof EMAIL_PREFERENCES)[number];
export const EMAIL_PREFERENCE_LABELS: Record<EmailPreference, string> = {
  ...(Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, NOTIFICATION_KIND_INFO[kind].label]),
  ) as Record<NotificationKind, string>),
  stem_digest: 'Daily stem digest',
};

const emailSwitches = Object.fromEntries(
  EMAIL_PREFERENCES.map((key) => [
    key,
    z.boolean({ error: `${EMAIL_PREFERENCE_LABELS[key]} must be true or false` }),
  ]),
) as Record<EmailPreference, z.ZodBoolean>;

export const notificationPreferences = z.object({ email: z.object(emailSwitches) });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** Switches not sent keep their value, so a client that knows fewer of them changes only its own. */
export const notificationPreferencesInput = z.object({
  email: z.strictObject(emailSwitches, { error: 'Email must name known preferences' }).partial(),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInput>;

export const notificationPreferencesResponse = notificationPreferences.extend({
  success: z.literal(true),
  detail: z.string(),
});

/** One event as a mail to the trader names it: what, which supplier, which vessel at which port, when. */
export const traderAlertItem = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  inquiry_id: z.uuid(),
  supplier_name: z.string().nullable(),
  vessel_name: z.string(),
  port_name: z.string().nullable(),
  at: isoDateTime('At'),
});
export type TraderAlertItem = z.infer<typeof traderAlertItem>;

/** The most events one digest lists; it counts the rest. */
export const MAX_DIGEST_ITEMS = 50;

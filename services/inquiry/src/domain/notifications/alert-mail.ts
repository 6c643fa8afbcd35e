import { MAX_DIGEST_ITEMS, type MailTemplate, type TraderAlertItem } from '@mfd/contracts';

/**
 * The mail about a user's waiting notifications (oldest first): one event reads as an alert of
 * its own, several as a digest listing the newest MAX_DIGEST_ITEMS, newest first, and counting the rest.
 */
export function alertMail(name: string | null, items: TraderAlertItem[]): MailTemplate {
  if (items.length === 0) throw new Error('an alert mail needs at least one event');
  if (items.length === 1) return { template: 'trader-alert', data: { name, item: items[0]! } };
  const newestFirst = [...items].reverse();
  return {
    template: 'trader-digest',
    data: {
      name,
      items: newestFirst.slice(0, MAX_DIGEST_ITEMS),
      more: Math.max(0, items.length - MAX_DIGEST_ITEMS),
    },
  };
}

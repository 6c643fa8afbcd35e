import { OFFER_EXPIRING_WITHIN_MINUTES } from '@mfd/contracts';

/** How alert mails are spaced (ALERT_FIRST_DELAY_SECONDS, ALERT_DIGEST_WINDOW_SECONDS). */
export interface AlertWindows {
  /** A first event waits this long, so events that come together go in one mail. */
  firstDelayMs: number;
  /** At most one alert mail per user in this long; what arrives meanwhile waits for the next, as a digest. */
  digestWindowMs: number;
}

/**
 * The rule of alert mails, as the bounds a user's mailbox must be within for its waiting
 * notifications to be mailed at `now`: the oldest arrived at least the first delay ago, and the
 * last alert mail (if any) went at least a digest window ago. So the first event mails soon after
 * it happens, and on a busy inquiry the events of the next window wait and go in one digest.
 */
export function alertMailCutoffs(now: Date, windows: AlertWindows) {
  return {
    arrivedBy: new Date(now.getTime() - windows.firstDelayMs),
    lastMailedBy: new Date(now.getTime() - windows.digestWindowMs),
  };
}

/** Offers whose validity ends in (now, until] are expiring: still valid, not for long. */
export function offerExpiringWindow(now: Date) {
  return { after: now, until: new Date(now.getTime() + OFFER_EXPIRING_WITHIN_MINUTES * 60_000) };
}

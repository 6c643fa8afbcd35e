import type { Kysely } from 'kysely';
import type { Logger } from '@mfd/queue';
import type { InquiryDB } from '../data/db';
import { mailDueAlerts } from '../domain/notifications/alert-mails';
import type { AlertWindows } from '../domain/notifications/alert-times';
import { notifyExpiringOffers } from '../domain/notifications/expiring-offers';
import { barLapsedClaims } from '../domain/stems/stem-claims';
import { mailStemDigests } from '../domain/stems/stem-digest';

/**
 * The inquiry service's scheduled check, every `tickMs` in every replica: offers about to expire
 * are announced, claims past their time bar are barred, then due alert mails, supplier reminders and
 * the daily stem digests are written to the outbox. Everything it needs is in the
 * database (a restart loses nothing) and replicas share the work without doubling it (unique
 * event keys; mailboxes claimed with SKIP LOCKED). A failed tick is logged and the next one retries.
 */
export class NotificationTicker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly opts: {
      db: Kysely<InquiryDB>;
      windows: AlertWindows;
      tickMs: number;
      /** Sends the supplier reminders due by then; answers how many mails it wrote. */
      reminders: (now: Date) => Promise<number>;
      /** Called after alert mails or reminders were written, so the relay hands them over at once. */
      mailsWritten: () => void;
      logger: Logger;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => this.tick(), this.opts.tickMs);
    this.tick();
  }

  /** One check now, unless the last one is still running (a slow database never piles up checks). */
  tick(): void {
    this.running ??= this.check(new Date()).finally(() => {
      this.running = undefined;
    });
  }

  async check(now: Date): Promise<void> {
    try {
      const expiring = await notifyExpiringOffers(this.opts.db, now);
      // Claims left open past their time bar are barred on the same clock (idempotent, SKIP LOCKED).
      const barred = await barLapsedClaims(this.opts.db, now);
      const mailed = await mailDueAlerts(this.opts.db, this.opts.windows, now);
      const reminded = await this.opts.reminders(now);
      const digests = await mailStemDigests(this.opts.db, now);
      if (mailed > 0 || reminded > 0 || digests > 0) this.opts.mailsWritten();
      if (expiring > 0 || mailed > 0 || reminded > 0 || barred > 0 || digests > 0)
        this.opts.logger.info({ expiring, mailed, reminded, barred, digests }, 'notifications checked');
    } catch (err) {
      this.opts.logger.warn({ err }, 'notification check failed; the next one retries');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}

import { MAILBOX_UNVERIFIED, type SignatureView } from '@mfd/contracts';
import type { MailSecrets } from '@mfd/queue';
import type { MailQuota, MailQuotaReservation } from '@mfd/service-kit';

/** The trader as suppliers see an RFQ mail: where replies go and the signature under it. */
export interface Sender {
  email: string;
  name: string | null;
  company: string | null;
  signature: SignatureView | null;
  /** The company's stem reference prefix (identity's setting); null where it was not read (reminders make no stems). */
  reference_prefix: string | null;
}

/** The sending trader as identity knows them at the moment of sending, never as their token says. */
export interface SenderStanding {
  sender: Sender;
  /** The account's mailbox is proven now (a token issued before the proof sends once it is given). */
  verified: boolean;
  /** When the trader's company signed up: its first days have smaller quotas. */
  companyCreatedAt: Date;
}

declare const admitted: unique symbol;
/** A sender the gate let through: the only kind a supplier mail is written with. */
export type AdmittedSender = Sender & { readonly [admitted]: true };

/** Mail to suppliers from an account whose e-mail is not confirmed (403): the product is no free relay. */
export class MailboxUnverifiedError extends Error {
  constructor() {
    super(MAILBOX_UNVERIFIED);
  }
}

/** Identity could not say who is sending (503): an unverifiable sender does not send. */
export class SenderUnknownError extends Error {
  constructor() {
    super(
      'Your account could not be checked right now, so nothing was sent. Please try again in a few minutes.',
    );
  }
}

/**
 * A draft was sent by a colleague while this change was under way, so the change would now mail
 * suppliers from a sender nobody checked (409): saving again reads the sender first.
 */
export class SentMeanwhileError extends Error {
  constructor() {
    super('This inquiry was sent to suppliers while you were changing it: please save your change again.');
  }
}

export interface SupplierMailGateSource {
  tenantId: string;
  /** Reads the sender's standing from identity with the caller's token; null when identity cannot answer. */
  standing: () => Promise<SenderStanding | null>;
  quota: MailQuota;
  log: { warn(obj: object, msg: string): void };
}

/**
 * The one gate every mail to suppliers passes (invitations, resends, amendments, cancel notices,
 * award and not-awarded notes, and whatever mails suppliers next), one per request:
 *
 * 1. `prepare()` before the use case's transaction: the sender's standing is read from identity
 *    then, never while the inquiry's lock is held;
 * 2. `admit(addresses)` in the transaction, before its mails are written: the mailbox must be
 *    verified (403), identity must have answered (503), and the company's quotas must hold every
 *    mail (429; Redis unreachable: 503). It answers the sender the mails go out as;
 * 3. `settle(work)` around the use case: its quota counts are made when admitted but its mails
 *    exist only once the transaction commits, so if the work fails (a later refusal rolled the
 *    transaction back, or the commit failed) the counts are given back. The work must end with
 *    that transaction. A process that dies in between leaves its count: sending less, never more.
 */
export class SupplierMailGate {
  private standing: Promise<SenderStanding | null> | null = null;
  private readonly reservations: MailQuotaReservation[] = [];

  constructor(private readonly source: SupplierMailGateSource) {}

  /** Reads the sender's standing, once; an unreachable identity is remembered (the change may mail nobody). */
  async prepare(): Promise<void> {
    this.standing ??= this.source.standing();
    await this.standing;
  }

  async admit(addresses: string[]): Promise<AdmittedSender> {
    if (!this.standing) throw new SentMeanwhileError();
    const standing = await this.standing;
    if (!standing) throw new SenderUnknownError();
    if (!standing.verified) throw new MailboxUnverifiedError();
    if (addresses.length > 0)
      this.reservations.push(
        await this.source.quota.reserve(
          { id: this.source.tenantId, createdAt: standing.companyCreatedAt },
          addresses,
          this.source.log,
        ),
      );
    return standing.sender as AdmittedSender;
  }

  /**
   * What identity said of the sender, once admitted: kept for the mails a later pass sends
   * without the caller's token (the reminders), which checks it again as it last stood.
   */
  async admittedStanding(): Promise<{ verified: boolean; companyCreatedAt: Date } | null> {
    const standing = this.standing ? await this.standing : null;
    return standing ? { verified: standing.verified, companyCreatedAt: standing.companyCreatedAt } : null;
  }

  async settle<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (err) {
      const counted = this.reservations.splice(0);
      await Promise.all(
        counted.map((reservation) =>
          this.source.quota
            .release(reservation)
            .catch((releaseError: unknown) =>
              this.source.log.warn(
                { err: releaseError instanceof Error ? releaseError.message : String(releaseError) },
                'a mail quota count of mails never written could not be given back: it lapses with its window',
              ),
            ),
        ),
      );
      throw err;
    }
  }
}

/** What a change that may tell suppliers needs: the keys that seal their links, and the gate. */
export interface NoticeSource {
  secrets: MailSecrets;
  gate: SupplierMailGate;
}

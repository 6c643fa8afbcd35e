import type { SpfResult } from './spf-check';

/** A mail to more recipients than this is a mass mailing, not a supplier's answer. */
export const MAX_INBOUND_RECIPIENTS = 50;

/** What makes an inbound mail look like spam; it is then kept apart and never forwarded. */
export interface InboundSignals {
  /** Recipients the envelope named and the listener accepted. */
  envelopeRecipients: number;
  /** Addresses in the To and Cc headers. */
  headerRecipients: number;
  spf: SpfResult;
}

/** Why a mail is kept apart, or null when it may be taken. Only a definite SPF `fail` counts, never "no answer". */
export function quarantineReason(signals: InboundSignals): string | null {
  if (signals.spf === 'fail') return 'SPF fail for the sender domain';
  const recipients = Math.max(signals.envelopeRecipients, signals.headerRecipients);
  if (recipients > MAX_INBOUND_RECIPIENTS)
    return `${recipients} recipients (more than ${MAX_INBOUND_RECIPIENTS})`;
  return null;
}

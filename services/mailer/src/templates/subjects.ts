import { formatPortShort, type RfqMailFacts } from '@mfd/contracts';
import { lengthOf, oneLine, truncate } from '../domain/text-fit';

/**
 * Subjects of the mails to suppliers: what the mail is, then vessel, port and the time that
 * matters (the reply-by of a request, the ETA of a notice), so a supplier's inbox list tells the
 * inquiries apart. Under 90 characters, so phones and mail lists show them whole: a long vessel or
 * port name is cut (the UN/LOCODE and the time never are).
 */
export const SUBJECT_LIMIT = 90;

/** What a subject is built from besides the inquiry: its kind and a labelled time. */
interface SubjectParts {
  kind: string;
  rfq: RfqMailFacts;
  time: { label: 'reply by' | 'ETA'; iso: string } | null;
}

/**
 * Vessel and port name share what the fixed parts leave: each keeps its whole length when the
 * other is short enough, else both are cut to half the room (the vessel takes an odd character).
 */
function share(vessel: string, port: string, room: number): [number, number] {
  const [v, p] = [lengthOf(vessel), lengthOf(port)];
  if (v + p <= room) return [v, p];
  const half = Math.floor(room / 2);
  if (v <= half) return [v, room - v];
  if (p <= half) return [room - p, p];
  return [room - half, half];
}

function subject({ kind, rfq, time }: SubjectParts): string {
  const vessel = oneLine(rfq.vessel_name);
  const portName = oneLine(rfq.port_name ?? '');
  const code = rfq.port_unlocode ? (portName ? ` (${rfq.port_unlocode})` : rfq.port_unlocode) : '';
  const when = time ? `, ${time.label} ${formatPortShort(time.iso, rfq.port_timezone)}` : '';
  const hasPort = portName !== '' || code !== '';
  const fixed = `${kind}: ${hasPort ? ', ' : ''}${code}${when}`;
  const [v, p] = share(vessel, portName, SUBJECT_LIMIT - 1 - lengthOf(fixed));
  const port = hasPort ? `, ${truncate(portName, p)}${code}` : '';
  return `${kind}: ${truncate(vessel, v)}${port}${when}`;
}

const replyBy = (iso: string) => ({ label: 'reply by', iso }) as const;
const eta = (rfq: RfqMailFacts) => (rfq.eta ? ({ label: 'ETA', iso: rfq.eta } as const) : null);

/** "RFQ: MV Ever Given, Singapore (SGSIN), reply by 27 Nov 14:00 UTC+8". */
export const invitationSubject = (rfq: RfqMailFacts, replyByIso: string) =>
  subject({ kind: 'RFQ', rfq, time: replyBy(replyByIso) });

/** "RFQ reminder: MV Ever Given, Singapore (SGSIN), reply by 27 Nov 14:00 UTC+8". */
export const reminderSubject = (rfq: RfqMailFacts, replyByIso: string) =>
  subject({ kind: 'RFQ reminder', rfq, time: replyBy(replyByIso) });

/** "Amended RFQ: MV Ever Given, Singapore (SGSIN), reply by 28 Nov 14:00 UTC+8". */
export const amendmentSubject = (rfq: RfqMailFacts, replyByIso: string) =>
  subject({ kind: 'Amended RFQ', rfq, time: replyBy(replyByIso) });

/** "Round 2 RFQ: MV Ever Given, Singapore (SGSIN), reply by 28 Nov 14:00 UTC+8". */
export const roundSubject = (round: number, rfq: RfqMailFacts, replyByIso: string) =>
  subject({ kind: `Round ${round} RFQ`, rfq, time: replyBy(replyByIso) });

/** "Cancelled RFQ: MV Ever Given, Singapore (SGSIN), ETA 29 Nov 08:00 UTC+8". */
export const cancelledSubject = (rfq: RfqMailFacts) =>
  subject({ kind: 'Cancelled RFQ', rfq, time: eta(rfq) });

/** "Offer accepted: MV Ever Given, Singapore (SGSIN), ETA 29 Nov 08:00 UTC+8". */
export const awardedSubject = (rfq: RfqMailFacts) => subject({ kind: 'Offer accepted', rfq, time: eta(rfq) });

/** "Awarded elsewhere: MV Ever Given, Singapore (SGSIN), ETA 29 Nov 08:00 UTC+8". */
export const notAwardedSubject = (rfq: RfqMailFacts) =>
  subject({ kind: 'Awarded elsewhere', rfq, time: eta(rfq) });

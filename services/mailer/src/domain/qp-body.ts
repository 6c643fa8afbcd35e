import type Mail from 'nodemailer/lib/mailer';
// The file itself: ESM resolves no directory's index, and the built service imports packages at run time.
import { encode, wrap } from 'nodemailer/lib/qp/index.js';

/**
 * A mail's text parts go quoted-printable (see smtpMessage). A distribution sends one rendered
 * mail to hundreds of suppliers with only their names and links put in (PersonalSlots), and
 * nodemailer's encoder goes byte by byte: encoding each copy's 9 KB of HTML again took about a
 * quarter of the mailer's CPU a mail. So a part is encoded in pieces: the text between the copies'
 * own values once, each value per copy, joined by soft line breaks ("=" at a line's end), which
 * a reader removes: the decoded text is the same as the whole encoded at once.
 */

/** QP's 76 less one, so that a soft break's "=" after a piece's last line keeps it within 76. */
const LINE = 75;

/** A piece of text in quoted-printable: CRLF line ends (SMTP's), lines of at most 75 characters. */
export function encodeQp(text: string): string {
  return text === '' ? '' : wrap(encode(text.replace(/\r?\n/g, '\r\n')), LINE);
}

/** Encoded pieces as one body: a soft break where a piece ends within a line. */
export function joinQp(pieces: readonly string[]): string {
  let body = '';
  for (const piece of pieces) {
    if (piece === '') continue;
    if (body !== '' && !body.endsWith('\n')) body += '=\r\n';
    body += piece;
  }
  return body;
}

/**
 * A text part for nodemailer's `text` or `html` as a `raw` node (its own headers, then the
 * encoded body), which nodemailer's composer puts in as it is. Its types leave `raw` out of
 * these two options, though not out of attachments and alternatives, which take the same object.
 */
export function qpPart(contentType: 'text/plain' | 'text/html', body: string): Mail.AttachmentLike {
  const raw = `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${body}`;
  return { raw } as Mail.AttachmentLike;
}

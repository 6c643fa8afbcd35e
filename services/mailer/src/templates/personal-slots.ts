import { randomBytes } from 'node:crypto';
import { encodeQp, joinQp } from '../domain/qp-body';

/**
 * A distribution sends one inquiry to hundreds of suppliers: the mails differ only in the
 * supplier's name and link. Rendering React and converting to text costs more than sending, so
 * such a mail is rendered once with placeholders (slots) and each copy gets its values put in.
 * The values are escaped as React would escape them, so the result equals a fresh render. The
 * text between the slots is also encoded for the wire once (qp-body.ts), each copy only its values.
 */
const NONCE = randomBytes(6).toString('hex');
const SLOT = new RegExp(`mfdslot${NONCE}x(\\d+)x`, 'g');
const MAX_ENTRIES = 32;

/** Letters and digits only: a slot passes unchanged through React's escaping, URL encoding and the text conversion. */
function slotOf(index: number): string {
  return `mfdslot${NONCE}x${index}x`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/** React's escaping of text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export interface Rendered {
  html: string;
  text: string;
}

/** A rendered body and its parts in quoted-printable, as they go on the wire. */
export interface Body extends Rendered {
  qp: Rendered;
}

/** A body rendered for one mail alone, encoded whole. */
export function wholeBody(rendered: Rendered): Body {
  return { ...rendered, qp: { html: encodeQp(rendered.html), text: encodeQp(rendered.text) } };
}

/** A rendered part cut at its slots: the pieces between them, and each piece encoded. */
interface SlottedPart {
  pieces: string[];
  encoded: string[];
  slots: number[];
}

function cut(part: string): SlottedPart {
  const pieces: string[] = [];
  const slots: number[] = [];
  let from = 0;
  for (const match of part.matchAll(SLOT)) {
    pieces.push(part.slice(from, match.index));
    slots.push(Number(match[1]));
    from = match.index + match[0].length;
  }
  pieces.push(part.slice(from));
  return { pieces, slots, encoded: pieces.map(encodeQp) };
}

function fill(part: SlottedPart, values: readonly string[]): { plain: string; qp: string } {
  let plain = part.pieces[0]!;
  const qp = [part.encoded[0]!];
  part.slots.forEach((slot, i) => {
    plain += values[slot]! + part.pieces[i + 1]!;
    qp.push(encodeQp(values[slot]!), part.encoded[i + 1]!);
  });
  return { plain, qp: joinQp(qp) };
}

export class PersonalSlots {
  private readonly cache = new Map<string, Promise<{ html: SlottedPart; text: SlottedPart }>>();

  /**
   * `data` with its personal fields replaced by slots, rendered once per distinct rest; then the
   * fields' values substituted. Fields that are not plain strings (or a token that URL encoding
   * would change) fall back to rendering `data` itself.
   */
  async render(
    key: string,
    data: Record<string, unknown>,
    personal: readonly string[],
    urlFields: readonly string[],
    draw: (data: Record<string, unknown>) => Promise<Rendered>,
  ): Promise<Body> {
    const values = personal.map((field) => data[field]);
    const plain = values.every(
      (v, i) => typeof v === 'string' && (!urlFields.includes(personal[i]!) || /^[A-Za-z0-9_-]+$/.test(v)),
    );
    if (!plain) return wholeBody(await draw(data));
    const slotted: Record<string, unknown> = { ...data };
    personal.forEach((field, i) => (slotted[field] = slotOf(i)));
    const cacheKey = `${key}\u0000${JSON.stringify(slotted)}`;
    let parts = this.cache.get(cacheKey);
    if (!parts) {
      parts = draw(slotted).then(({ html, text }) => ({ html: cut(html), text: cut(text) }));
      this.cache.set(cacheKey, parts);
      parts.catch(() => this.cache.delete(cacheKey));
      if (this.cache.size > MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    }
    const { html, text } = await parts;
    const strings = values as string[];
    const filledHtml = fill(html, strings.map(escapeHtml));
    // The text conversion collapses runs of white space.
    const filledText = fill(
      text,
      strings.map((value) => value.replace(/\s+/g, ' ')),
    );
    return {
      html: filledHtml.plain,
      text: filledText.plain,
      qp: { html: filledHtml.qp, text: filledText.qp },
    };
  }
}

import { randomBytes } from 'node:crypto';

/**
 * A distribution sends one inquiry to hundreds of suppliers: the mails differ only in the
 * supplier's name and link. Rendering React and converting to text costs more than sending, so
 * such a mail is rendered once with placeholders (slots) and each copy gets its values put in.
 * The values are escaped as React would escape them, so the result equals a fresh render.
 */
const NONCE = randomBytes(6).toString('hex');
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

export class PersonalSlots {
  private readonly cache = new Map<string, Promise<Rendered>>();

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
  ): Promise<Rendered> {
    const values = personal.map((field) => data[field]);
    const plain = values.every(
      (v, i) => typeof v === 'string' && (!urlFields.includes(personal[i]!) || /^[A-Za-z0-9_-]+$/.test(v)),
    );
    if (!plain) return draw(data);
    const slotted: Record<string, unknown> = { ...data };
    personal.forEach((field, i) => (slotted[field] = slotOf(i)));
    const cacheKey = `${key}\u0000${JSON.stringify(slotted)}`;
    let rendered = this.cache.get(cacheKey);
    if (!rendered) {
      rendered = draw(slotted);
      this.cache.set(cacheKey, rendered);
      rendered.catch(() => this.cache.delete(cacheKey));
      if (this.cache.size > MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    }
    let { html, text } = await rendered;
    (values as string[]).forEach((value, i) => {
      const slot = slotOf(i);
      html = html.replaceAll(slot, escapeHtml(value));
      // The text conversion collapses runs of white space.
      text = text.replaceAll(slot, value.replace(/\s+/g, ' '));
    });
    return { html, text };
  }
}

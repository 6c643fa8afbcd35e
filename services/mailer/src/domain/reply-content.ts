import sanitizeHtml from 'sanitize-html';
import { MAX_REPLY_TEXT } from '@mfd/contracts';

/**
 * What of a supplier's HTML is kept: text formatting, lists, tables, quotes and links. Scripts,
 * styles, forms, frames and event handlers go (sanitize-html's allow-list); images only when the
 * mail carries them (cid:, data:), so opening a reply fetches nothing and tells no tracker it was read.
 */
const HTML_RULES: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['cid', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

/** A reply's HTML made safe to show or forward as it is. */
export function sanitizeReplyHtml(html: string): string {
  return sanitizeHtml(html, HTML_RULES);
}

/** The text an event carries: at most MAX_REPLY_TEXT characters (the whole text stays stored). */
export function eventText(text: string): { text: string; truncated: boolean } {
  return text.length > MAX_REPLY_TEXT
    ? { text: text.slice(0, MAX_REPLY_TEXT), truncated: true }
    : { text, truncated: false };
}

/** A fuel line asked for, as a reply's prices are matched to it. */
export interface AskedGrade {
  id: string;
  /** "VLSFO", "MGO 0.1%", "HSFO 3.5% (scrubber)": the first word names the grade. */
  product_name: string;
}

/** What a reply seems to say of one line: a price in USD per tonne (decimal text), or that it cannot be had. */
export type ReplyPrice = { line_id: string; price_per_mt: string } | { line_id: string; unavailable: true };

/** "not available", "n/a", "no stock", "cannot supply", "unable": the grade is not offered. */
const UNAVAILABLE =
  /\b(not\s+avail\w*|unavail\w*|n\/a|no\s+(stock|availability)|out\s+of\s+stock|cannot|can'?t|unable|not\s+possible|no\s+offer)\b/i;
/** A number, with thousands commas or a decimal point. */
const NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;
/** Bunker prices in USD per tonne fall in this band; anything else is a quantity, spec or date. */
const PRICE_MIN = 50;
const PRICE_MAX = 5000;

/** Where the quoted mail starts in a reply: what follows is ours, not the supplier's. */
const QUOTE_START = /^(-{2,}\s*original message\s*-{2,}|on .+ wrote:|from: .+)$/im;

/** The supplier's own words: the text above the quoted mail, without lines quoted with ">". */
function ownText(text: string): string {
  const start = text.search(QUOTE_START);
  return (start < 0 ? text : text.slice(0, start))
    .split(/\r?\n/)
    .filter((line) => !line.trimStart().startsWith('>'))
    .join('\n');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The grade word a line is asked under: "MGO 0.1%" → MGO. */
const gradeOf = (productName: string) => productName.trim().split(/\s+/)[0]?.toUpperCase() ?? '';

/**
 * The price a stretch of text gives, if exactly one reads as one: a number marked as money (USD,
 * $, /mt, pmt, per ton) wins; else the one number left after sulphur contents (0.5%), spec editions
 * (ISO 8217:2017), years and quantities (500 mt) are set aside, when it lies in the price band.
 */
function priceIn(text: string): string | null {
  const candidates: { value: string; marked: boolean }[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = text.slice(Math.max(0, start - 6), start);
    const after = text.slice(end, end + 12);
    if (/^\s*%/.test(after) || /\d[.:]?$/.test(before)) continue;
    if (/iso\s*$/i.test(before) || /^\s*:\s*\d{4}/.test(after)) continue;
    const value = match[0].replace(/,/g, '');
    const money = /(usd|\$|us\$)\s*$/i.test(before) || /^\s*(\/\s*m?t\b|pmt\b|per\s+(m?t|ton))/i.test(after);
    const quantity = /^\s*(m?ts?|tonnes?|tons?|cbm|m3)\b/i.test(after) && !money;
    const amount = Number(value);
    if (quantity || amount < PRICE_MIN || amount > PRICE_MAX) continue;
    candidates.push({ value, marked: money });
  }
  const marked = candidates.filter((c) => c.marked);
  if (marked.length === 1) return marked[0]!.value;
  if (marked.length === 0 && candidates.length === 1) return candidates[0]!.value;
  return null;
}

/**
 * Lines and semicolons end a statement; a comma (no thousands separator) ends one only when what
 * follows names a grade: "VLSFO 8217:2017, 500 mt at USD 612" stays one, "598 for VLSFO, MGO n/a" two.
 */
function statementsOf(text: string, grades: RegExp): string[] {
  return text.split(/\r?\n|;/).flatMap((line) =>
    line.split(/,(?!\d{3}\b)/).reduce<string[]>((parts, piece) => {
      if (parts.length > 0 && !new RegExp(grades.source, 'i').test(piece))
        parts[parts.length - 1] += `,${piece}`;
      else parts.push(piece);
      return parts;
    }, []),
  );
}

/**
 * Reads "price per grade" lines out of a supplier's reply for the lines of an inquiry: "VLSFO 598",
 * "MGO 0.1%: USD 745/mt", "can do 598 for VLSFO, MGO not available". Only the supplier's own
 * words count (not the quoted request, which names the grades too). The text is cut into
 * statements, and a statement naming several grades into one stretch per grade. A line gets what the stretches naming its grade say
 * when they agree; anything unclear is left out. A helper for the trader's form, never an offer.
 */
export function readReplyPrices(text: string, lines: AskedGrade[]): ReplyPrice[] {
  const grades = lines.map((line) => ({ line, grade: gradeOf(line.product_name) })).filter((g) => g.grade);
  if (grades.length === 0) return [];
  const pattern = new RegExp(`\\b(${grades.map((g) => escape(g.grade)).join('|')})\\b`, 'gi');
  const said = new Map<string, Set<string>>();
  for (const statement of statementsOf(ownText(text), pattern)) {
    const mentions = [...statement.matchAll(pattern)];
    mentions.forEach((mention, i) => {
      // A single grade owns its whole statement ("can do 598 for VLSFO"); several share it in order.
      const from = mentions.length === 1 || i === 0 ? 0 : mention.index;
      const to =
        mentions.length === 1 || i === mentions.length - 1 ? statement.length : mentions[i + 1]!.index;
      const stretch = statement.slice(from, to);
      const grade = mention[0].toUpperCase();
      const reading = UNAVAILABLE.test(stretch) ? 'unavailable' : priceIn(stretch.replace(mention[0], ' '));
      if (!reading) return;
      said.set(grade, (said.get(grade) ?? new Set()).add(reading));
    });
  }
  return grades.flatMap(({ line, grade }): ReplyPrice[] => {
    const readings = [...(said.get(grade) ?? [])];
    if (readings.length !== 1) return [];
    return readings[0] === 'unavailable'
      ? [{ line_id: line.id, unavailable: true }]
      : [{ line_id: line.id, price_per_mt: readings[0]! }];
  });
}

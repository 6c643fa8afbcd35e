import { z } from 'zod';
import { LIMITS } from './constants';
import { isPossiblePhone } from './phone';
import { boundedMemo } from './bounded-memo';

/**
 * Field builders shared by every request schema, so a field reads and fails the same way
 * everywhere: `label` is the name the user sees, and each message names it.
 */

function typeError(label: string, kind: string) {
  return (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be ${kind}`;
}

/** C0 and C1 control characters, NUL and DEL among them: no typed value needs one, and PostgreSQL refuses NUL. */
function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** Bidirectional embeddings, overrides and isolates, which make text read in another order than it is stored. */
function isBidiControl(code: number): boolean {
  return (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

/** Left-to-right and right-to-left marks: invisible, so a one-line value that looks alike may differ. */
function isDirectionMark(code: number): boolean {
  return code === 0x200e || code === 0x200f;
}

/** Text for one line (a name, a title, a search): no line breaks, tabs, other controls or bidi controls. */
export function isSingleLineText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControl(code) || isBidiControl(code) || isDirectionMark(code)) return false;
  }
  return true;
}

/** Text over several lines (notes): tab, line feed and carriage return are kept; other controls are not. */
export function isMultiLineText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
    if (isControl(code) || isBidiControl(code)) return false;
  }
  return true;
}

export const singleLineMessage = (label: string) =>
  `${label} must be a single line of text without control characters`;
export const multiLineMessage = (label: string) => `${label} must not contain control characters`;

function singleLine(label: string, max: number) {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSingleLineText, singleLineMessage(label));
}

function multiLine(label: string, max: number) {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isMultiLineText, multiLineMessage(label));
}

export function requiredText(label: string, max = 200) {
  return singleLine(label, max).min(1, `${label} is required`);
}

/** Absent, null and blank all mean "no value" and are stored as null. */
export function optionalText(label: string, max = 200) {
  return singleLine(label, max)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** Free text over several lines (notes, additional info); blank is stored as null. */
export function optionalMultilineText(label: string, max = 1000) {
  return multiLine(label, max)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A search box's text (`q`): at most one line; empty means "everything". */
export function searchText(label = 'Search', max = 100) {
  return singleLine(label, max);
}

export function requiredEmail(label = 'Email') {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .toLowerCase()
    .min(1, `${label} is required`)
    .max(254, `${label} must be at most 254 characters`)
    .pipe(z.email(`${label} must be a valid email address`));
}

export function optionalEmail(label = 'Email') {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .toLowerCase()
    .max(254, `${label} must be at most 254 characters`)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email(`${label} must be a valid email address`).nullable());
}

function phoneText(label: string) {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .max(40, `${label} must be at most 40 characters`);
}

/**
 * Phones are kept as the user typed them (trimmed), so mails and pages show the grouping people
 * read and dial; libphonenumber only checks that the text is a possible number. Nothing looks a
 * phone up, so no E.164 copy is kept.
 */
export function optionalPhone(label = 'Phone') {
  return phoneText(label)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isPossiblePhone(v), `${label} must be a valid phone number`);
}

export function requiredPhone(label = 'Phone') {
  return (
    phoneText(label)
      // An empty field is only "required", not also "not a valid phone number".
      .min(1, { error: `${label} is required`, abort: true })
      .refine((v) => isPossiblePhone(v), `${label} must be a valid phone number`)
  );
}

export function optionalUrl(label = 'Website') {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .max(300, `${label} must be at most 300 characters`)
    .refine(isSingleLineText, singleLineMessage(label))
    .nullish()
    .transform((v) => (v ? v : null))
    .transform((v) => (v && !/^https?:\/\//i.test(v) ? `https://${v}` : v))
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be a valid web address` }).nullable());
}

export function countryCode(label = 'Country') {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .toUpperCase()
    .min(1, { error: `${label} is required`, abort: true })
    .regex(/^[A-Z]{2}$/, `${label} must be a 2-letter ISO country code`);
}

export function enumField<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? `${label} is required`
        : `${label} must be one of: ${values.join(', ')}`,
  });
}

export const PATTERN_PASSWORD_MESSAGE =
  'This password is only a repeated or sequential pattern (like aaaaaaaa or abcdefgh); choose one that is harder to guess.';
export const COMMON_PASSWORD_MESSAGE = 'This password is too common; choose one that is harder to guess.';

/** Each character one code point above (or each one below) the one before it. */
function isSequence(value: string): boolean {
  const codes = Array.from(value, (c) => c.codePointAt(0) ?? 0);
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  return (step === 1 || step === -1) && codes.every((c, i) => i === 0 || c - (codes[i - 1] ?? 0) === step);
}

/**
 * A password guessed in the first tries of any attack: one short unit repeated (aaaaaaaa, abababab)
 * or a straight run (abcdefgh, 87654321). Checked here so the form says it at once; identity also
 * refuses the most common passwords, a list kept out of the web app.
 */
export function isPatternPassword(value: string): boolean {
  return /^(.{1,4})\1+$/su.test(value) || isSequence(value);
}

export const password = z
  .string({ error: typeError('Password', 'text') })
  .min(LIMITS.passwordMinLength, `Password must be at least ${LIMITS.passwordMinLength} characters long`)
  .max(LIMITS.passwordMaxLength, `Password must be at most ${LIMITS.passwordMaxLength} characters long`)
  // A password already too short has been told so; one message at a time is enough.
  .refine((v) => v.length < LIMITS.passwordMinLength || !isPatternPassword(v), PATTERN_PASSWORD_MESSAGE);

export const uuid = (label = 'Id') => z.uuid(`${label} must be a valid id`);
export const idParams = z.object({ id: uuid() });

export const isoDateTime = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be an ISO 8601 date-time` });

/** A JavaScript number as the decimal text it was written as (1e-7 and 1e21 spelled out). */
function numberText(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Decimal text without a sign's plus, leading zeros or trailing fraction zeros ("007.50" is "7.5"),
 * or null when not a number. Kept for the texts read lately: a comparison writes the same tonnes for
 * every offer.
 */
export const canonicalDecimal = boundedMemo((text: string): string | null => {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return null;
  const whole = (match[2] ?? '').replace(/^0+/, '') || '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const negative = match[1] === '-' && (whole !== '0' || fraction !== '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}, 4096);

/** A canonical decimal as an integer count of 10^-scale units, so comparisons are exact. */
function units(canonical: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = canonical.replace('-', '').split('.');
  const value = BigInt(whole + fraction.padEnd(scale, '0'));
  return canonical.startsWith('-') ? -value : value;
}

/**
 * A decimal amount (sulfur %, later prices and quantities): a JSON number or a string, answered
 * as canonical decimal text ("0.1", "12.5"), never through float arithmetic. At most `scale`
 * decimals and within [min, max], both given as decimal text or numbers. A number carries only
 * what a double holds (about 15 significant digits); longer amounts come as strings.
 */
export function decimalInput({
  label,
  scale,
  min,
  max,
}: {
  label: string;
  scale: number;
  min?: string | number;
  max?: string | number;
}) {
  const bound = (value: string | number | undefined) =>
    value === undefined ? undefined : canonicalDecimal(typeof value === 'number' ? numberText(value) : value);
  const [low, high] = [bound(min), bound(max)];
  if (low === null || high === null) throw new Error(`decimalInput(${label}): min and max must be decimals`);
  const range =
    low !== undefined && high !== undefined
      ? `between ${low} and ${high}`
      : low !== undefined
        ? `at least ${low}`
        : `at most ${high}`;
  return z
    .union([z.string(), z.number()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required`
          : `${label} must be a number`,
    })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? numberText(value) : value.trim();
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (text === '') return fail(`${label} is required`);
      const canonical = text.length <= 40 ? canonicalDecimal(text) : null;
      if (canonical === null) return fail(`${label} must be a number`);
      const decimals = canonical.split('.')[1]?.length ?? 0;
      if (decimals > scale)
        return fail(
          scale === 0
            ? `${label} must be a whole number`
            : `${label} must have at most ${scale} decimal${scale === 1 ? '' : 's'}`,
        );
      const digits = Math.max(scale, ...[low, high].map((b) => b?.split('.')[1]?.length ?? 0));
      const outside =
        (low !== undefined && units(canonical, digits) < units(low, digits)) ||
        (high !== undefined && units(canonical, digits) > units(high, digits));
      if (outside) return fail(`${label} must be ${range}`);
      return canonical;
    });
}

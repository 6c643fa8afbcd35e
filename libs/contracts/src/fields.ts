import { z } from 'zod';
import { LIMITS } from './constants';
import { formatPhone, isPossiblePhone } from './phone';

/**
 * Field builders shared by every request schema, so a field reads and fails the same way
 * everywhere: `label` is the name the user sees, and each message names it.
 */

function typeError(label: string, kind: string) {
  return (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be ${kind}`;
}

export function requiredText(label: string, max = 200) {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Absent, null and blank all mean "no value" and are stored as null. */
export function optionalText(label: string, max = 200) {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
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

export function optionalPhone(label = 'Phone') {
  return phoneText(label)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isPossiblePhone(v), `${label} must be a valid phone number`)
    .transform((v) => (v === null ? null : formatPhone(v)));
}

export function requiredPhone(label = 'Phone') {
  return phoneText(label)
    .min(1, `${label} is required`)
    .refine((v) => isPossiblePhone(v), `${label} must be a valid phone number`)
    .transform(formatPhone);
}

export function optionalUrl(label = 'Website') {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .max(300, `${label} must be at most 300 characters`)
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
    .regex(/^[A-Z]{2}$/, `${label} must be a 2-letter ISO country code`);
}

export function enumField<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });
}

export const password = z
  .string({ error: typeError('Password', 'text') })
  .min(LIMITS.passwordMinLength, `Password must be at least ${LIMITS.passwordMinLength} characters long`)
  .max(LIMITS.passwordMaxLength, `Password must be at most ${LIMITS.passwordMaxLength} characters long`);

export const uuid = (label = 'Id') => z.uuid(`${label} must be a valid id`);
export const idParams = z.object({ id: uuid() });

export const isoDateTime = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be an ISO 8601 date-time` });

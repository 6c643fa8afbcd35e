import { isPossiblePhoneNumber, type CountryCode } from 'libphonenumber-js/min';
import { DEFAULT_PHONE_COUNTRY } from './constants';

/**
 * A number as people type it ("+65 6123 4567", "(212) 555-0123"): libphonenumber must read it as a
 * possible number, the whole text and nothing around it; one without a country prefix is read as
 * the spec's default phone country (US). The text itself is kept as typed, grouping and all.
 */
export function isPossiblePhone(value: string): boolean {
  return isPossiblePhoneNumber(value, DEFAULT_PHONE_COUNTRY as CountryCode);
}

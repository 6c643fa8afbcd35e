import { isPossiblePhoneNumber, parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/min';
import { DEFAULT_PHONE_COUNTRY } from './constants';

/** Numbers without a country prefix are read as the spec's default phone country (US). */
export function isPossiblePhone(value: string): boolean {
  return isPossiblePhoneNumber(value, DEFAULT_PHONE_COUNTRY as CountryCode);
}

/** Stored and shown in international format, e.g. "+65 6123 4567". */
export function formatPhone(value: string): string {
  return parsePhoneNumberWithError(value, DEFAULT_PHONE_COUNTRY as CountryCode).formatInternational();
}

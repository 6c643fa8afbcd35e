import { getCountries } from 'libphonenumber-js/min';

/** ISO 3166-1 alpha-2 codes of the countries and territories with telephone service. */
export const COUNTRY_CODES: readonly string[] = [...getCountries()].sort();

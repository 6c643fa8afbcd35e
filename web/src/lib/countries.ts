import { COUNTRY_CODES } from '@mfd/contracts';

const names = new Intl.DisplayNames(['en'], { type: 'region' });

export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Select options "Denmark (DK)", sorted by name. */
export const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({
  value: code,
  label: `${countryName(code)} (${code})`,
})).sort((a, b) => a.label.localeCompare(b.label));

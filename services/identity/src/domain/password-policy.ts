import { dictionary } from '@zxcvbn-ts/language-common';
import {
  COMMON_PASSWORD_MESSAGE,
  invitationAccept,
  isPatternPassword,
  LIMITS,
  password,
  resetPasswordRequest,
  signupRequest,
} from '@mfd/contracts';

// ~49,000 passwords most seen in breaches (zxcvbn's list), all lower-case; read once, on first use.
let commonPasswords: Set<string> | undefined;

/** OWASP ASVS 2.1.7: a password found in breach lists is refused, whatever its case. */
export function isCommonPassword(value: string): boolean {
  commonPasswords ??= new Set(dictionary.passwords);
  return commonPasswords.has(value.toLowerCase());
}

/**
 * The shared password rules plus the common-password list, which stays here and out of the web app.
 * A password already refused as too short or as a pattern is not told a second reason.
 */
export const acceptablePassword = password.refine(
  (v) => v.length < LIMITS.passwordMinLength || isPatternPassword(v) || !isCommonPassword(v),
  COMMON_PASSWORD_MESSAGE,
);

/** Every request that sets a password checks it the same way. */
export const signupBody = signupRequest.extend({ password: acceptablePassword });
export const invitationAcceptBody = invitationAccept.extend({ password: acceptablePassword });
export const resetPasswordBody = resetPasswordRequest.extend({ new_password: acceptablePassword });

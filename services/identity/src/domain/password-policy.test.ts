import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@mfd/contracts';
import { acceptablePassword, isCommonPassword } from './password-policy';

describe('password policy', () => {
  it('when a password is on the common list, in any case, then it is refused saying it is too common', () => {
    for (const common of ['password', 'PASSWORD', '12345678', 'qwertyuiop', 'iloveyou', 'Password1']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    expect(acceptablePassword.safeParse('password').error?.issues.map((i) => i.message)).toEqual([
      COMMON_PASSWORD_MESSAGE,
    ]);
  });

  it('when a password is long and unlisted, then it is accepted', () => {
    expect(isCommonPassword('harbour-pilot-42')).toBe(false);
    expect(acceptablePassword.safeParse('harbour-pilot-42').success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { fullName, splitFullName } from './names';

describe('profile names', () => {
  it('when a name has several words, then the first is the first name and the rest the last name', () => {
    expect(splitFullName('  Anna  van der Berg ')).toEqual({ first_name: 'Anna', last_name: 'van der Berg' });
  });

  it('when a name is one word, then the last name is empty and the full name has no trailing space', () => {
    const split = splitFullName('Cher');
    expect(split).toEqual({ first_name: 'Cher', last_name: '' });
    expect(fullName(split)).toBe('Cher');
  });
});

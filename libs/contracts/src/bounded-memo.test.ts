import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo';

describe('boundedMemo', () => {
  it('when a text is read again, then its kept answer comes back without reading it again', () => {
    const reads: string[] = [];
    const length = boundedMemo((text) => {
      reads.push(text);
      return text === 'none' ? null : text.length;
    }, 10);
    expect([length('abc'), length('abc'), length('none'), length('none')]).toEqual([3, 3, null, null]);
    expect(reads).toEqual(['abc', 'none']);
  });

  it('when more texts than its bound are read, then it keeps at most that many', () => {
    const reads: string[] = [];
    const upper = boundedMemo((text) => {
      reads.push(text);
      return text.toUpperCase();
    }, 2);
    for (const text of ['a', 'b', 'c', 'a']) expect(upper(text)).toBe(text.toUpperCase());
    // Full at "c": emptied, so "a" is read again.
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });
});

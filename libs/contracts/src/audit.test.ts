import { describe, expect, it } from 'vitest';
import { AUDIT_EVENT_TYPES, auditChanges, auditDetail, MAX_AUDIT_CHANGES, timelineItem } from './audit';

describe('the audit trail contracts', () => {
  it('when a type is added to the trail, then it has a detail and a timeline shape', () => {
    expect(Object.keys(auditDetail).sort()).toEqual([...AUDIT_EVENT_TYPES].sort());
    expect(timelineItem.options.map((o) => o.shape.type.value).sort()).toEqual([...AUDIT_EVENT_TYPES].sort());
  });

  it('when a row would carry more changes than the bound, then it is refused', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_AUDIT_CHANGES + 1 }, (_, i) => [`field ${i}`, { before: null, after: i }]),
    );
    expect(auditChanges.safeParse(many).success).toBe(false);
    expect(auditChanges.safeParse({ eta: { before: null, after: '2030-12-10T00:00:00.000Z' } }).success).toBe(
      true,
    );
  });

  it('when a detail text is longer than the bound, then it is refused', () => {
    const long = 'x'.repeat(4001);
    expect(auditDetail.inquiry_cancelled.safeParse({ reason: long, notice_count: 1 }).success).toBe(false);
  });
});

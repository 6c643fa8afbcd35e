export type ReminderTimeResult = { ok: true; at: Date | null } | { ok: false; message: string };

const MINUTE = 60_000;

/**
 * When a distribution's one reminder is due: `minutes` before the reply-by (none when none was
 * asked for). A reminder that would be due already is refused: it would arrive with the
 * invitation and chase a supplier who was never given time.
 */
export function reminderTime(replyBy: Date, minutes: number | null, now: Date): ReminderTimeResult {
  if (minutes === null) return { ok: true, at: null };
  const at = new Date(replyBy.getTime() - minutes * MINUTE);
  if (at.getTime() <= now.getTime())
    return {
      ok: false,
      message:
        'The reminder would be due before the inquiry is even sent: remind fewer minutes before the reply-by',
    };
  return { ok: true, at };
}

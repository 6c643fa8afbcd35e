/** Who makes a change: every write to shared reference data records the user and company. */
export interface Actor {
  userId: string;
  tenantId: string;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

export function isForeignKeyViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23503';
}

export function actorOf(auth: { userId: string; tenantId: string }): Actor {
  return { userId: auth.userId, tenantId: auth.tenantId };
}

import type { Kysely } from 'kysely';
import { LAST_ADMIN, QUEUES, type Member, type Role } from '@mfd/contracts';
import { writeOutbox } from '@mfd/queue';
import {
  badRequest,
  conflict,
  notFound,
  unauthorized,
  type AuthContext,
  type TokenRevocations,
} from '@mfd/service-kit';
import type { IdentityDB } from '../data/db';
import { listMembers, lockMembers, markRemoved, setRole } from '../data/members.repository';
import { fullName } from './names';
import { endAllSessions } from './sessions';

export interface MembersContext {
  db: Kysely<IdentityDB>;
  revocations: TokenRevocations;
  config: { TOKEN_TTL_SECONDS: number };
  /** Called after a transaction that wrote to the outbox has committed. */
  outboxWritten: () => void;
}

const MEMBER_NOT_FOUND = 'Member not found';

export async function members(db: Kysely<IdentityDB>, companyId: string): Promise<Member[]> {
  const rows = await listMembers(db, companyId);
  return rows.map((m) => ({
    id: m.id,
    email: m.email,
    first_name: m.first_name,
    last_name: m.last_name,
    role: m.role,
    joined_at: m.created_at.toISOString(),
    last_sign_in_at: m.last_sign_in_at ? new Date(m.last_sign_in_at).toISOString() : null,
  }));
}

type LockedMember = Awaited<ReturnType<typeof lockMembers>>[number];

/** Whether the company keeps an admin once `leaving` is no longer one. */
const keepsAnAdmin = (all: LockedMember[], leaving: string) =>
  all.some((m) => m.role === 'admin' && m.id !== leaving);

/**
 * An admin changes a member's role; the last admin cannot be demoted (409). The member's tokens
 * carry the role they were signed with, so the change is published with the revocations and
 * every service reads it on the member's next request (committed only if that publication holds).
 */
export async function changeRole(ctx: MembersContext, auth: AuthContext, memberId: string, role: Role) {
  await ctx.db.transaction().execute(async (trx) => {
    const all = await lockMembers(trx, auth.tenantId);
    const member = all.find((m) => m.id === memberId);
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    if (member.role === role) return;
    if (role !== 'admin' && !keepsAnAdmin(all, member.id)) throw conflict(LAST_ADMIN);
    await setRole(trx, auth.tenantId, member.id, role);
    await ctx.revocations.changeRole(member.id, role, ctx.config.TOKEN_TTL_SECONDS);
  });
}

/**
 * An admin removes a member: the account can no longer sign in and its sessions end at once
 * (revoked in the same transaction), the last admin cannot go (409), and its open inquiries are
 * handed to `reassignTo` (the remover by default) by the inquiry service, told through the outbox.
 * The user row stays, so every record keeps the member's name.
 */
export async function removeMember(
  ctx: MembersContext,
  auth: AuthContext,
  memberId: string,
  reassignTo: string | undefined,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const all = await lockMembers(trx, auth.tenantId);
    const member = all.find((m) => m.id === memberId);
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    if (member.role === 'admin' && !keepsAnAdmin(all, member.id)) throw conflict(LAST_ADMIN);
    const heirId = reassignTo ?? auth.userId;
    const heir = all.find((m) => m.id === heirId && m.id !== member.id);
    if (!heir) {
      const message =
        heirId === member.id
          ? 'Reassign to must be another member: the removed member cannot keep the inquiries'
          : 'Reassign to must be a member of your company';
      throw badRequest(message, [{ field: 'reassign_to', message }]);
    }
    const remover = all.find((m) => m.id === auth.userId);
    // The caller's own row is locked with the rest: gone only if they were removed meanwhile.
    if (!remover) throw unauthorized();
    await markRemoved(trx, auth.tenantId, member.id, auth.userId);
    await writeOutbox(trx, QUEUES.inquiryEvents, {
      type: 'identity.member-removed',
      tenant_id: auth.tenantId,
      user_id: member.id,
      user_name: fullName(member),
      reassign_to: { id: heir.id, name: fullName(heir) },
      removed_by: { id: remover.id, name: fullName(remover) },
      at: new Date().toISOString(),
    });
    await endAllSessions(trx, ctx.revocations, member.id, ctx.config.TOKEN_TTL_SECONDS);
  });
  ctx.outboxWritten();
}

import type { Kysely } from 'kysely';
import type { TokenRevocations } from '@mfd/service-kit';
import type { IdentityConfig } from '../config';
import type { IdentityDB } from '../data/db';
import { grantOperator, revokeOperator } from '../domain/operators';

export const OPERATOR_USAGE = 'Usage: npm run operator -- grant EMAIL | npm run operator -- revoke EMAIL';

export interface OperatorCommandContext {
  db: Kysely<IdentityDB>;
  revocations: TokenRevocations;
  config: Pick<IdentityConfig, 'TOKEN_TTL_SECONDS' | 'OPERATOR_EMAILS'>;
}

/** `grant EMAIL` or `revoke EMAIL`: answers the exit code and the line to print. */
export async function runOperatorCommand(
  args: string[],
  ctx: OperatorCommandContext,
): Promise<{ exitCode: number; message: string }> {
  const [command, email, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length > 0)
    return { exitCode: 2, message: OPERATOR_USAGE };

  if (command === 'grant') {
    const granted = await grantOperator(ctx.db, email);
    if (!granted) return { exitCode: 1, message: `No account has the e-mail ${email}.` };
    const when = granted.verified
      ? 'from its next sign-in'
      : 'once it confirms its e-mail address (a link is mailed at its next sign-in)';
    return { exitCode: 0, message: `${granted.email} is a platform operator ${when}.` };
  }

  const revoked = await revokeOperator(ctx.db, ctx.revocations, email, ctx.config.TOKEN_TTL_SECONDS);
  if (!revoked) return { exitCode: 1, message: `No account has the e-mail ${email}.` };
  const listed = ctx.config.OPERATOR_EMAILS.includes(revoked.email.toLowerCase())
    ? ' It is still listed in OPERATOR_EMAILS: remove it there too, or it is an operator again at its next sign-in.'
    : '';
  return {
    exitCode: 0,
    message: `${revoked.email} is no longer a platform operator; its sessions have ended.${listed}`,
  };
}

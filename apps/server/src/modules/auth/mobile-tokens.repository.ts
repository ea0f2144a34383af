import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mobileTokens, sessions } from '../../db/schema';

export async function insertMobileToken(
  db: Db,
  token: { tokenHash: string; userId: number; sessionId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(mobileTokens).values(token);
}

/** A session keeps only its newest token; older and spent ones are removed. */
export async function pruneMobileTokens(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .delete(mobileTokens)
    .where(
      and(
        eq(mobileTokens.sessionId, sessionId),
        or(lt(mobileTokens.expiresAt, now), isNull(mobileTokens.usedAt)),
      ),
    );
}

/** Uses the token once; answers the user only when the token and its session are still good. */
export async function useMobileToken(db: Db, tokenHash: string, now: Date): Promise<number | null> {
  const [used] = await db
    .update(mobileTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(mobileTokens.tokenHash, tokenHash),
        isNull(mobileTokens.usedAt),
        gt(mobileTokens.expiresAt, now),
      ),
    )
    .returning({ userId: mobileTokens.userId, sessionId: mobileTokens.sessionId });
  if (!used) return null;
  const [source] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.id, used.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .limit(1);
  return source ? used.userId : null;
}

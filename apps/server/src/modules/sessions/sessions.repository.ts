import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export interface NewSession {
  tokenHash: string;
  userId: number;
  clientType: string;
  ip: string | null;
  userAgent: string | null;
  expiresAt: Date;
}

export async function insertSession(db: Db, session: NewSession): Promise<number> {
  const [row] = await db.insert(sessions).values(session).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

export async function findSessionWithUser(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Slides the expiry forward; only when the last touch is old, to keep reads cheap. */
export async function touchSession(db: Db, id: number, now: Date, expiresAt: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeSession(db: Db, id: number, reason: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Ends the user's other live sessions of one client type ("signed in elsewhere"). */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  clientType: string,
  keepId: number,
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'elsewhere' })
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.clientType, clientType),
        ne(sessions.id, keepId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${now}`,
      ),
    );
}

/** The learner's sessions in id order after `afterId`, without their token hashes (the data export). */
export async function sessionsAfter(db: Db, userId: number, afterId: number, limit: number) {
  return db
    .select({
      id: sessions.id,
      clientType: sessions.clientType,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.id, afterId)))
    .orderBy(asc(sessions.id))
    .limit(limit);
}

/** The learner's sessions that still sign requests in (not revoked, not expired), newest first. */
export async function liveSessionsOf(db: Db, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      clientType: sessions.clientType,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${now}`,
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(LIVE_SESSIONS_LIMIT);
}

/** More live sessions than a learner has devices: a list, not a dump, however many sign-ins. */
export const LIVE_SESSIONS_LIMIT = 50;

/**
 * Ends one live session of this learner (another learner's id changes nothing); the number ended
 * (0 or 1).
 */
export async function revokeUserSession(
  db: Db,
  userId: number,
  id: number,
  reason: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Ends every live session of the learner, or all but `exceptId` (a phone change keeps the device
 * that made it); the number ended.
 */
export async function revokeAllUserSessions(
  db: Db,
  userId: number,
  reason: string,
  now: Date,
  exceptId?: number,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        exceptId === undefined ? undefined : ne(sessions.id, exceptId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${now}`,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

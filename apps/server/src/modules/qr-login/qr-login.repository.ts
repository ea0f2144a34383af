import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qrLogins } from '../../db/schema';

export type QrLoginRow = typeof qrLogins.$inferSelect;

/** The first poll of a uuid starts its wait; later polls find the same row. */
export async function findOrStartQrLogin(
  db: Db,
  row: { uuid: string; expiresAt: Date; requestIp: string | null; requestUserAgent: string | null },
): Promise<QrLoginRow> {
  await db.insert(qrLogins).values(row).onConflictDoNothing({ target: qrLogins.uuid });
  const found = await findQrLogin(db, row.uuid);
  if (!found) throw new Error('qr login vanished after insert');
  return found;
}

export async function findQrLogin(db: Db, uuid: string): Promise<QrLoginRow | null> {
  const [row] = await db.select().from(qrLogins).where(eq(qrLogins.uuid, uuid)).limit(1);
  return row ?? null;
}

/**
 * The first signed-in phone to open a live code holds it: only that user may confirm or cancel it
 * afterwards (issue 18, finding 9: anyone who knew a uuid could cancel someone's sign-in).
 */
export async function markScanned(db: Db, uuid: string, now: Date, userId: number): Promise<void> {
  await db
    .update(qrLogins)
    .set({ status: 'scanned', userId })
    .where(
      and(
        eq(qrLogins.uuid, uuid),
        inArray(qrLogins.status, ['waiting', 'scanned']),
        isNull(qrLogins.userId),
        gt(qrLogins.expiresAt, now),
      ),
    );
}

export async function confirmQrLogin(
  db: Db,
  uuid: string,
  userId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(qrLogins)
    .set({ status: 'confirmed', userId, confirmedAt: now })
    .where(
      and(
        eq(qrLogins.uuid, uuid),
        inArray(qrLogins.status, ['waiting', 'scanned']),
        or(isNull(qrLogins.userId), eq(qrLogins.userId, userId)),
        gt(qrLogins.expiresAt, now),
      ),
    )
    .returning({ uuid: qrLogins.uuid });
  return rows.length === 1;
}

/** Only by the user whose phone opened (scanned) the code. */
export async function cancelQrLogin(db: Db, uuid: string, userId: number): Promise<boolean> {
  const rows = await db
    .update(qrLogins)
    .set({ status: 'canceled' })
    .where(
      and(
        eq(qrLogins.uuid, uuid),
        inArray(qrLogins.status, ['waiting', 'scanned']),
        eq(qrLogins.userId, userId),
      ),
    )
    .returning({ uuid: qrLogins.uuid });
  return rows.length === 1;
}

/** Hands the confirmation out once: only the request that flips it gets the user. */
export async function consumeQrLogin(db: Db, uuid: string): Promise<number | null> {
  const [row] = await db
    .update(qrLogins)
    .set({ status: 'consumed' })
    .where(and(eq(qrLogins.uuid, uuid), eq(qrLogins.status, 'confirmed')))
    .returning({ userId: qrLogins.userId });
  return row?.userId ?? null;
}

import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits, smsCodes } from '../../db/schema';

/**
 * Records a used sendSms signature for `seconds` (in the rate-limit table, shared by a fleet and
 * emptied by its upkeep job); false when it was already there and still within its window.
 */
export async function rememberSignature(db: Db, sign: string, seconds: number): Promise<boolean> {
  const result = await db.execute<{ hits: number }>(sql`
    insert into ${rateLimits} (key, window_start, window_end, hits)
    values (${`sms-sign|${sign}`}, now(), now() + ${seconds} * interval '1 second', 1)
    on conflict (key) do update set
      hits = case when ${rateLimits.windowEnd} <= now() then 1 else ${rateLimits.hits} + 1 end,
      window_start = case when ${rateLimits.windowEnd} <= now()
        then now() else ${rateLimits.windowStart} end,
      window_end = case when ${rateLimits.windowEnd} <= now()
        then now() + ${seconds} * interval '1 second' else ${rateLimits.windowEnd} end
    returning hits`);
  const row = (result as unknown as { rows: { hits: number }[] }).rows[0];
  return Number(row?.hits ?? 1) === 1;
}

/** Serialises sends to one phone until the transaction ends. */
export async function lockSendsFor(db: Db, phonecode: string, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phonecode}:${phone}`}))`);
}

export async function latestCodeFor(db: Db, phonecode: string, phone: string) {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phonecode, phonecode), eq(smsCodes.phone, phone)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  return row ?? null;
}

/** Codes sent to the phone since `since`; only those asked from `ip` when it is given. */
export async function countSendsForPhone(
  db: Db,
  phonecode: string,
  phone: string,
  since: Date,
  ip?: string | null,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phonecode, phonecode),
        eq(smsCodes.phone, phone),
        gt(smsCodes.createdAt, since),
        ip === undefined ? undefined : ip === null ? isNull(smsCodes.ip) : eq(smsCodes.ip, ip),
      ),
    );
  return row?.n ?? 0;
}

export async function countSendsFromIp(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertCode(
  db: Db,
  code: {
    phonecode: string;
    phone: string;
    codeHash: string;
    ip: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(smsCodes).values(code).returning({ id: smsCodes.id });
  if (!row) throw new Error('sms code insert returned nothing');
  return row.id;
}

/** Takes one try atomically; null when the code has no tries left or is already used. */
export async function takeAttempt(db: Db, id: number, maxAttempts: number): Promise<number | null> {
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(
      and(
        eq(smsCodes.id, id),
        isNull(smsCodes.consumedAt),
        sql`${smsCodes.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ attempts: smsCodes.attempts });
  return row?.attempts ?? null;
}

/**
 * Takes one try at code `id` from network `ip` (in the rate-limit table, shared by a fleet and
 * emptied by its upkeep once the code has expired); null when that network has no tries left.
 */
export async function takeAttemptFrom(
  db: Db,
  id: number,
  ip: string | null,
  maxAttempts: number,
  seconds: number,
): Promise<number | null> {
  const result = await db.execute<{ hits: number }>(sql`
    insert into ${rateLimits} (key, window_start, window_end, hits)
    values (${`sms-try|${id}|${ip ?? '-'}`}, now(), now() + ${seconds} * interval '1 second', 1)
    on conflict (key) do update set hits = ${rateLimits.hits} + 1
      where ${rateLimits.hits} < ${maxAttempts}
    returning hits`);
  const row = (result as unknown as { rows: { hits: number }[] }).rows[0];
  return row ? Number(row.hits) : null;
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}

export async function deleteCodesFor(db: Db, phonecode: string, phone: string): Promise<void> {
  await db
    .delete(smsCodes)
    .where(and(eq(smsCodes.phonecode, phonecode), eq(smsCodes.phone, phone)));
}

import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wechatIdentities, wechatScenes } from '../../db/schema';

export type WechatIdentityRow = typeof wechatIdentities.$inferSelect;

export async function insertScene(db: Db, sceneId: string, expiresAt: Date): Promise<void> {
  await db.insert(wechatScenes).values({ sceneId, expiresAt });
}

export async function findSceneWithIdentity(db: Db, sceneId: string) {
  const [row] = await db
    .select({ scene: wechatScenes, identity: wechatIdentities })
    .from(wechatScenes)
    .leftJoin(wechatIdentities, eq(wechatIdentities.id, wechatScenes.identityId))
    .where(eq(wechatScenes.sceneId, sceneId))
    .limit(1);
  return row ?? null;
}

export async function findOrCreateIdentity(
  db: Db,
  identity: { openId: string; unionId?: string | undefined; nickname?: string | undefined },
): Promise<WechatIdentityRow> {
  await db
    .insert(wechatIdentities)
    .values({
      openId: identity.openId,
      unionId: identity.unionId ?? null,
      nickname: identity.nickname ?? '',
      userCode: randomBytes(16).toString('hex'),
    })
    .onConflictDoNothing({ target: wechatIdentities.openId });
  const [row] = await db
    .select()
    .from(wechatIdentities)
    .where(eq(wechatIdentities.openId, identity.openId))
    .limit(1);
  if (!row) throw new Error('wechat identity vanished after insert');
  return row;
}

export async function findIdentityByUserCode(
  db: Db,
  userCode: string,
): Promise<WechatIdentityRow | null> {
  const [row] = await db
    .select()
    .from(wechatIdentities)
    .where(eq(wechatIdentities.userCode, userCode))
    .limit(1);
  return row ?? null;
}

export async function findIdentityByOpenId(
  db: Db,
  openId: string,
): Promise<WechatIdentityRow | null> {
  const [row] = await db
    .select()
    .from(wechatIdentities)
    .where(eq(wechatIdentities.openId, openId))
    .limit(1);
  return row ?? null;
}

export async function listIdentitiesWithPrefix(
  db: Db,
  prefix: string,
): Promise<WechatIdentityRow[]> {
  return db
    .select()
    .from(wechatIdentities)
    .where(like(wechatIdentities.openId, `${prefix}%`))
    .orderBy(desc(wechatIdentities.createdAt))
    .limit(50);
}

/** Binds an unbound identity; false when someone bound it first. */
export async function bindIdentity(db: Db, identityId: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(wechatIdentities)
    .set({ userId })
    .where(and(eq(wechatIdentities.id, identityId), isNull(wechatIdentities.userId)))
    .returning({ id: wechatIdentities.id });
  return rows.length === 1;
}

export async function markSceneScanned(
  db: Db,
  sceneId: string,
  identityId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(wechatScenes)
    .set({ status: 'scanned', identityId })
    .where(
      and(
        eq(wechatScenes.sceneId, sceneId),
        eq(wechatScenes.status, 'waiting'),
        gt(wechatScenes.expiresAt, now),
      ),
    )
    .returning({ sceneId: wechatScenes.sceneId });
  return rows.length === 1;
}

export async function consumeScene(db: Db, sceneId: string): Promise<boolean> {
  const rows = await db
    .update(wechatScenes)
    .set({ status: 'consumed' })
    .where(and(eq(wechatScenes.sceneId, sceneId), eq(wechatScenes.status, 'scanned')))
    .returning({ sceneId: wechatScenes.sceneId });
  return rows.length === 1;
}

export async function identitiesOfUser(db: Db, userId: number): Promise<WechatIdentityRow[]> {
  return db.select().from(wechatIdentities).where(eq(wechatIdentities.userId, userId));
}

/** Bound identities outlive their user otherwise (the foreign key sets null). */
export async function deleteIdentitiesOfUser(db: Db, userId: number): Promise<void> {
  await db.delete(wechatIdentities).where(eq(wechatIdentities.userId, userId));
}

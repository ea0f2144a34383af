/**
 * 资料 (issue 21, ADR 0023): the catalogue, a material's details, the sample, a buyer's download
 * links and the downloads themselves, and the product kind `material` the orders module sells.
 * Materials are content (materials-catalogue.ts); the database holds only who bought which.
 */
import { readFile } from 'node:fs/promises';
import {
  ErrorCode,
  materialPaths,
  type MaterialDetail,
  type MaterialDownloadLink,
  type MaterialList,
} from '@ninety/contract';
import { createHash } from 'node:crypto';
import type { JobQueue } from '../../adapters/queue/job-queue';
import { materialCopiesPrefixOf } from '../../adapters/storage/media-keys';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { Db } from '../../db/client';
import { loadOncePerKey } from '../../lib/load-once';
import { AppError } from '../../lib/app-error';
import { localDate, type Clock } from '../../lib/clock';
import { itemsOfTypes, requireItem } from '../items/items.service';
import { findUser } from '../users/users.service';
import type { ProductKind } from '../orders/product-catalogue';
import type { AppContext } from '../../app-context';
import { downloadLinks, type DownloadLinks } from './download-links';
import { toMaterialDetail, toMaterialSummary } from './materials.mapper';
import { loadMaterials, type Material, type MaterialFile } from './materials-catalogue';
import { samplePages } from './materials-pdf';
import { stampInWorker } from './stamp-in-worker';
import {
  deleteGrantByOrder,
  findGrant,
  findGrantByOrder,
  insertGrant,
  listGrants,
} from './materials.repository';

/** The sample shows this many pages of the first file (its cover and the first items). */
export const SAMPLE_PAGES = 3;

export interface MaterialsDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  storage: ObjectStorage;
  /** Where a buyer's copy waits to be stamped (once per order and file). */
  queue: JobQueue;
  /** The catalogue, read once. */
  materials: () => Promise<Material[]>;
  links: DownloadLinks;
  /** The API path prefix the download links are built on (materialPaths, routes). */
  downloadPath: (materialId: number, fileId: string) => string;
}

async function findMaterial(deps: MaterialsDeps, id: number): Promise<Material | null> {
  return (await deps.materials()).find((material) => material.id === id) ?? null;
}

async function requireMaterial(deps: MaterialsDeps, id: number): Promise<Material> {
  const material = await findMaterial(deps, id);
  if (!material) throw new AppError(ErrorCode.NotFound, '资料不存在或已下架');
  return material;
}

function requireFile(material: Material, fileId: string): MaterialFile {
  const file = material.files.find((f) => f.id === fileId);
  if (!file) throw new AppError(ErrorCode.NotFound, '文件不存在');
  return file;
}

export async function listMaterials(
  deps: MaterialsDeps,
  userId: number | null,
): Promise<MaterialList> {
  const materials = await deps.materials();
  const owned =
    userId === null ? null : new Set((await listGrants(deps.db, userId)).map((g) => g.materialId));
  const items = await itemsOfTypes(deps.db, [...new Set(materials.flatMap((m) => m.itemTypes))]);
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.type, (counts.get(item.type) ?? 0) + 1);
  return {
    list: materials.map((material) =>
      toMaterialSummary(material, {
        coverUrl: deps.storage.publicUrl(material.coverKey),
        itemCount: material.itemTypes.reduce((sum, type) => sum + (counts.get(type) ?? 0), 0),
        owned: owned === null ? null : owned.has(material.id),
      }),
    ),
  };
}

export async function materialDetail(
  deps: MaterialsDeps,
  id: number,
  userId: number | null,
): Promise<MaterialDetail> {
  const material = await requireMaterial(deps, id);
  const grant = userId === null ? null : await findGrant(deps.db, userId, id);
  const items = await itemsOfTypes(deps.db, material.itemTypes);
  return toMaterialDetail(material, {
    coverUrl: deps.storage.publicUrl(material.coverKey),
    items,
    owned: userId === null ? null : grant !== null,
    ownedAt: grant?.grantedAt ?? null,
    samplePages: Math.min(SAMPLE_PAGES, material.files[0]!.pages),
    sampleUrl: materialPaths.sample(material.id),
  });
}

/** Samples by file hash: made once per file version, a few hundred kB each. */
const samples = new Map<string, Promise<Uint8Array>>();

/** The first pages of the material's first file, for anyone (a sample, not the material). */
export async function materialSample(
  deps: MaterialsDeps,
  id: number,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const material = await requireMaterial(deps, id);
  const file = material.files[0]!;
  let sample = samples.get(file.sha256);
  if (!sample) {
    sample = readFile(file.path).then((bytes) => samplePages(bytes, SAMPLE_PAGES));
    sample.catch(() => samples.delete(file.sha256));
    samples.set(file.sha256, sample);
  }
  return { bytes: await sample, fileName: `${file.title}（样张）.pdf` };
}

/** A short link to the buyer's own copy of one file; 40303 when they have not bought it. */
export async function downloadLink(
  deps: MaterialsDeps,
  userId: number,
  id: number,
  fileId: string,
): Promise<MaterialDownloadLink> {
  const material = await requireMaterial(deps, id);
  const file = requireFile(material, fileId);
  const grant = await findGrant(deps.db, userId, id);
  if (!grant) throw new AppError(ErrorCode.PurchaseRequired, '购买该资料后才能下载');
  const target = { orderNo: grant.orderNo, materialId: id, fileId };
  const { expires, signature } = deps.links.sign(target);
  const query = new URLSearchParams({ order: grant.orderNo, expires: String(expires), signature });
  return {
    url: `${deps.downloadPath(id, file.id)}?${query}`,
    expiresAt: new Date(expires * 1000).toISOString(),
    fileName: `${file.title}.pdf`,
  };
}

export interface DownloadRequest {
  materialId: number;
  fileId: string;
  orderNo: string;
  expires: unknown;
  signature: unknown;
}

/** Stamping jobs: one per (order, file), run by whichever process works the queue. */
export const STAMP_QUEUE = 'stamp-material-copy';
export const STAMP_POLICY = { retryLimit: 1, retryDelaySeconds: 5, expireInSeconds: 60 } as const;
/** A file larger than this is not stamped (the committed ones are under 1 MB). */
export const STAMP_MAX_BYTES = 20 * 1024 * 1024;
/** How long a download waits for its first stamping before it is asked to come back. */
const STAMP_WAIT_MS = 25_000;
/** The stored copy's link: as short as the download link that led to it. */
const COPY_LINK_SECONDS = 5 * 60;

export interface StampJob {
  orderNo: string;
  materialId: number;
  fileId: string;
}

/** The buyer's stamped copy of one file version (a new file version is stamped again). */
export const stampedCopyKey = (
  orderNo: string,
  buyer: { id: number; userCode: string },
  file: MaterialFile,
) =>
  `${materialCopiesPrefixOf(buyer.id)}${orderNo}/${buyer.userCode}/${file.id}-${file.sha256.slice(0, 16)}.pdf`;

/** The job id of a copy (pg-boss keeps ids as UUIDs): two first downloads queue one job. */
function stampJobId(key: string): string {
  const hex = createHash('sha256').update(`stamp\n${key}`).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function buyerOf(deps: MaterialsDeps, orderNo: string, materialId: number) {
  const grant = await findGrantByOrder(deps.db, orderNo);
  const buyer = grant?.materialId === materialId ? await findUser(deps, grant.userId) : null;
  return grant && buyer ? { grant, buyer } : null;
}

/**
 * The job: stamps the buyer's copy with their public id and order (the grant's date) and keeps it
 * in storage. Run on the queue, never on a download request; a copy already stored is kept.
 */
export async function stampCopy(deps: MaterialsDeps, job: StampJob): Promise<{ key: string }> {
  const material = await requireMaterial(deps, job.materialId);
  const file = requireFile(material, job.fileId);
  const owner = await buyerOf(deps, job.orderNo, material.id);
  if (!owner) throw new Error(`order ${job.orderNo} has no grant of material ${material.id}`);
  const key = stampedCopyKey(job.orderNo, owner.buyer, file);
  if (await deps.storage.exists(key)) return { key };
  if (file.bytes > STAMP_MAX_BYTES) throw new Error(`${file.id} is too large to stamp`);
  // On a worker thread with a CPU limit: a slow PDF must not hold the queue worker's main thread.
  const bytes = await stampInWorker({
    source: await readFile(file.path),
    mark: {
      userCode: owner.buyer.userCode,
      orderNo: owner.grant.orderNo,
      date: localDate(owner.grant.grantedAt, deps.timeZone),
    },
  });
  await deps.storage.put(key, bytes, 'application/pdf');
  return { key };
}

/**
 * The buyer's copy, stamped with their public id and order: a short signed link to the copy in
 * storage, stamped once per (order, file) by a job the first time. A link that is forged, altered
 * or expired is 40010; one whose grant is gone (a refund) is 40303.
 */
export async function downloadFile(
  deps: MaterialsDeps,
  request: DownloadRequest,
): Promise<{ url: string; fileName: string }> {
  const target = {
    orderNo: request.orderNo,
    materialId: request.materialId,
    fileId: request.fileId,
  };
  if (!deps.links.verify(target, request.expires, request.signature)) {
    throw new AppError(ErrorCode.BadSignature, '下载链接无效或已过期，请回到资料页重新下载');
  }
  const material = await requireMaterial(deps, request.materialId);
  const file = requireFile(material, request.fileId);
  const owner = await buyerOf(deps, request.orderNo, material.id);
  if (!owner) throw new AppError(ErrorCode.PurchaseRequired, '购买该资料后才能下载');
  const key = stampedCopyKey(request.orderNo, owner.buyer, file);
  const fileName = `${file.title}.pdf`;
  if (await deps.storage.exists(key)) {
    return { url: await deps.storage.privateUrl(key, COPY_LINK_SECONDS), fileName };
  }
  const jobId = stampJobId(key);
  const job: StampJob = { orderNo: request.orderNo, materialId: material.id, fileId: file.id };
  const known = await deps.queue.outcome(STAMP_QUEUE, jobId);
  // A stamping that failed for good (or whose copy was removed since) is tried afresh.
  if (known.state === 'failed' || known.state === 'completed') {
    await deps.queue.remove(STAMP_QUEUE, jobId);
  }
  await deps.queue.send(STAMP_QUEUE, job, { id: jobId });
  const outcome = await deps.queue.waitFor(STAMP_QUEUE, jobId, STAMP_WAIT_MS);
  if (outcome.state === 'completed' && (await deps.storage.exists(key))) {
    return { url: await deps.storage.privateUrl(key, COPY_LINK_SECONDS), fileName };
  }
  throw new AppError(
    ErrorCode.Unavailable,
    outcome.state === 'pending'
      ? '正在为你生成带水印的文件，请稍后再点一次下载'
      : '文件生成失败，请稍后再试',
  );
}

/** The material's price and title from the catalogue; null when there is no such material. */
export async function quoteMaterial(
  deps: MaterialsDeps,
  itemId: string,
): Promise<{ titleZh: string; amountFen: number } | null> {
  if (!/^\d{1,6}$/.test(itemId)) return null;
  const material = await findMaterial(deps, Number(itemId));
  return material ? { titleZh: material.title, amountFen: material.priceFen } : null;
}

/**
 * Grants a paid order's material. Idempotent: the grant is unique per order and per (learner,
 * material), so a second call for the same order — or racing it — grants nothing more.
 */
export async function fulfilMaterial(
  deps: MaterialsDeps,
  input: { userId: number; itemId: string; orderNo: string },
): Promise<void> {
  // An order is only made for a material quote() priced; one withdrawn since is still delivered.
  if (!/^\d{1,6}$/.test(input.itemId)) {
    throw new AppError(ErrorCode.NotFound, `资料不存在：${input.itemId}`);
  }
  await insertGrant(deps.db, {
    userId: input.userId,
    materialId: Number(input.itemId),
    orderNo: input.orderNo,
    grantedAt: deps.clock.now(),
  });
}

/** What the orders module sells as `material`: priced and granted here. */
/** The catalogue of each content directory, read once (a failed read is tried again). */
const catalogueOf = loadOncePerKey(loadMaterials);

export function materialsOf(contentRoot: string): () => Promise<Material[]> {
  return () => catalogueOf(contentRoot);
}

const downloadPath = (materialId: number, fileId: string) =>
  `/api/materials/${materialId}/files/${encodeURIComponent(fileId)}/download`;

export const materialsDeps = (context: AppContext): MaterialsDeps => ({
  db: context.db,
  clock: context.clock,
  timeZone: context.timeZone,
  storage: context.storage,
  queue: context.queue,
  materials: materialsOf(context.config.CONTENT_DIR),
  links: downloadLinks(context.config.AUTH_SECRET, context.clock),
  downloadPath,
});

/**
 * Puts 资料 on sale in this app, once. The API server's routes call it, and so does a process that
 * only runs jobs: its order jobs fulfil material orders paid while no API server was asking.
 */
export function registerMaterialProduct(context: AppContext): void {
  if (!context.products.get('material')) {
    context.products.register(materialProductKind(materialsDeps(context)));
  }
}

export function materialProductKind(deps: MaterialsDeps): ProductKind {
  return {
    kind: 'material',
    quote: (itemId) => quoteMaterial(deps, itemId),
    // quote() has checked the id before orders ask this.
    owned: (userId, itemId) => ownsMaterial(deps.db, userId, Number(itemId)),
    fulfil: (input) => fulfilMaterial(deps, input),
    // A refund: this order's grant goes, and with it the downloads, its items and lessons.
    revoke: async ({ orderNo }, tx) => {
      await deleteGrantByOrder(tx, orderNo);
    },
  };
}

/** Whether the learner bought this material (other modules: a lesson or item a pack includes). */
export async function ownsMaterial(db: Db, userId: number, materialId: number): Promise<boolean> {
  return (await findGrant(db, userId, materialId)) !== null;
}

/** What the learner's purchases open besides their downloads (ADR 0023). */
export interface MaterialUnlocks {
  /** Bank item types whose practice spends no non-member use. */
  itemTypes: string[];
  /** 微课 lessons that play for the buyer, member lessons included. */
  lessonIds: string[];
}

export async function unlocksOf(
  deps: Pick<MaterialsDeps, 'db' | 'materials'>,
  userId: number,
): Promise<MaterialUnlocks> {
  const grants = await listGrants(deps.db, userId);
  if (grants.length === 0) return { itemTypes: [], lessonIds: [] };
  const owned = new Set(grants.map((grant) => grant.materialId));
  const bought = (await deps.materials()).filter((material) => owned.has(material.id));
  return {
    itemTypes: [...new Set(bought.flatMap((material) => material.itemTypes))],
    lessonIds: [...new Set(bought.flatMap((material) => material.lessons))],
  };
}

/**
 * Whether a material the learner bought includes this bank item, so practising it spends no
 * non-member use (the attempts routes ask before scoring). 40401 for an unknown item, as practice.
 */
export async function materialIncludesItem(
  deps: Pick<MaterialsDeps, 'db' | 'materials'>,
  userId: number,
  itemId: string,
): Promise<boolean> {
  const { itemTypes } = await unlocksOf(deps, userId);
  if (itemTypes.length === 0) return false;
  const item = await requireItem(deps, itemId);
  return itemTypes.includes(item.type);
}

export interface PurchaseUnlocks {
  includesItem(userId: number, itemId: string): Promise<boolean>;
  lessonsOf(userId: number): Promise<ReadonlySet<string>>;
}

/** For other modules' register: the checks bound to this app (attempts: items; courses: lessons). */
export function purchaseUnlocks(context: AppContext): PurchaseUnlocks {
  const deps = materialsDeps(context);
  return {
    includesItem: (userId: number, itemId: string) => materialIncludesItem(deps, userId, itemId),
    lessonsOf: async (userId: number): Promise<ReadonlySet<string>> =>
      new Set((await unlocksOf(deps, userId)).lessonIds),
  };
}

/** The learner's purchases of 资料, for their data export (我的数据). */
export async function materialGrantsExportOf(deps: { db: Db }, userId: number) {
  const grants = await listGrants(deps.db, userId);
  return grants
    .sort((a, b) => a.grantedAt.getTime() - b.grantedAt.getTime())
    .map((grant) => ({
      materialId: grant.materialId,
      orderNo: grant.orderNo,
      grantedAt: grant.grantedAt.toISOString(),
    }));
}

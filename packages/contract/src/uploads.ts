import { z } from 'zod';

/**
 * Learners' uploads (spec §3 "Upload credential response", §4 "Upload task", §5, §7
 * `GET /api/auth/{provider}/uploadToken`, §9): the browser sends a file straight to the object
 * store in slices (S3 multipart, or with local storage our own endpoint that answers like S3),
 * and our server hands out the grant, the upload session and the part URLs.
 */

/** Spec §9: upload slice size. S3 needs every part but the last to be at least 5 MiB. */
export const UPLOAD_PART_SIZE = 5 * 1024 * 1024;
/** Spec §9: 3 parallel chunks, 2 chunk retries, max 10000 parts, progress every 1 s. */
export const UPLOAD_PARALLEL_PARTS = 3;
export const UPLOAD_PART_RETRIES = 2;
export const UPLOAD_MAX_PARTS = 10_000;
export const UPLOAD_PROGRESS_INTERVAL_MS = 1000;
/** Spec §9: the upload id cache keeps 50 entries for 30 days. */
export const UPLOAD_ID_CACHE_ENTRIES = 50;
export const UPLOAD_ID_CACHE_DAYS = 30;
/** Spec §9: credentials are refreshed when under 60 s remain. */
export const UPLOAD_TOKEN_REFRESH_SECONDS = 60;
/** Part URLs asked for in one call. */
export const UPLOAD_PART_URLS_MAX = 20;

/** The header carrying the grant (`credentials.sessionToken`) on every upload call. */
export const UPLOAD_TOKEN_HEADER = 'x-upload-token';

/**
 * The `{provider}` of the credential call: the configured store's name, or any of these (the
 * grant is ours and the same whichever store is behind it).
 */
export const UPLOAD_PROVIDERS = ['local', 'cos', 's3'] as const;

export const UPLOAD_PURPOSES = ['avatar', 'mock-recording'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

const MB = 1024 * 1024;

export interface UploadRule {
  /** Allowed content types and the file extension each gets in its object key. */
  types: Readonly<Record<string, string>>;
  maxBytes: number;
  /** Public objects are served from the public material path; private ones by short links. */
  visibility: 'public' | 'private';
  /** Chinese name of the file kind, for messages. */
  label: string;
}

/** What each purpose may upload. An avatar may be a phone photo, hence 15 MB. */
export const UPLOAD_RULES: Readonly<Record<UploadPurpose, UploadRule>> = {
  avatar: {
    types: { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' },
    maxBytes: 15 * MB,
    visibility: 'public',
    label: '头像图片',
  },
  'mock-recording': {
    types: {
      'audio/wav': 'wav',
      'audio/x-wav': 'wav',
      'audio/wave': 'wav',
      'audio/mpeg': 'mp3',
      'audio/ogg': 'ogg',
      'audio/webm': 'webm',
    },
    maxBytes: 50 * MB,
    visibility: 'private',
    label: '录音',
  },
};

/** The key prefix a learner may write under. */
export const uploadPrefixOf = (userId: number) => `uploads/${userId}/`;

/** Spec §3: the upload credential response, plus where and what the grant allows. */
export const UploadTokenSchema = z
  .object({
    credentials: z.object({
      tmpSecretId: z.string().describe('本次授权的标识'),
      tmpSecretKey: z.string().describe('本次授权的密钥（由服务器派生，仅供兼容存储 SDK）'),
      sessionToken: z.string().describe('上传授权；每次上传调用都放在 x-upload-token 请求头里'),
    }),
    startTime: z.int().describe('生效时间（10 位秒级时间戳）'),
    expiredTime: z.int().describe('过期时间（10 位秒级时间戳）'),
    keyPrefix: z.string().describe('可写入的对象键前缀：uploads/<用户 id>/'),
    partSize: z.int().describe('分片大小（字节）'),
  })
  .meta({
    id: 'UploadToken',
    description: '临时上传凭证：只能写入自己的目录，限定用途、类型与大小',
  });
export type UploadToken = z.infer<typeof UploadTokenSchema>;

export const UploadTokenParamsSchema = z.object({
  provider: z.string().max(20).describe('存储服务：local、cos、s3 或已配置的服务名'),
});

export const CreateUploadBodySchema = z
  .object({
    purpose: z.enum(UPLOAD_PURPOSES).describe('avatar 头像；mock-recording 模考录音'),
    fileName: z.string().min(1, '不能为空').max(200, '不能超过 200 个字符').describe('文件名'),
    size: z.int().min(1, '文件不能为空').max(Number.MAX_SAFE_INTEGER).describe('文件大小（字节）'),
    contentType: z.string().min(1).max(100).describe('文件类型（MIME）'),
    lastModified: z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe('文件修改时间（毫秒）'),
    key: z
      .string()
      .max(300, '不能超过 300 个字符')
      .optional()
      .describe('对象键；不给则由修改时间与文件名生成。必须在 uploads/<用户 id>/ 之下'),
  })
  .strict()
  .meta({ id: 'CreateUploadBody', description: '开始（或继续）一次分片上传' });
export type CreateUploadBody = z.infer<typeof CreateUploadBodySchema>;

export const UPLOAD_STATUSES = ['uploading', 'completed', 'aborted'] as const;

export const UploadedPartSchema = z.object({
  partNumber: z.int(),
  size: z.int(),
  etag: z.string(),
});

export const UploadSessionSchema = z
  .object({
    uploadId: z.string().describe('上传任务 id'),
    key: z.string().describe('对象键'),
    purpose: z.enum(UPLOAD_PURPOSES),
    status: z.enum(UPLOAD_STATUSES).describe('uploading 上传中；completed 已完成；aborted 已放弃'),
    size: z.int(),
    contentType: z.string(),
    partSize: z.int(),
    partCount: z.int(),
    uploadedParts: z.array(UploadedPartSchema).describe('存储中已有的分片（断点续传从这里继续）'),
    url: z.string().nullable().describe('完成后文件的地址'),
  })
  .meta({ id: 'UploadSession', description: '一次分片上传' });
export type UploadSession = z.infer<typeof UploadSessionSchema>;

export const UploadIdSchema = z.uuid('上传任务 id 无效');

export const UploadStatusQuerySchema = z.object({ uploadId: UploadIdSchema });

export const UploadPartUrlsBodySchema = z
  .object({
    uploadId: UploadIdSchema,
    partNumbers: z
      .array(z.int().min(1, '分片序号从 1 开始').max(UPLOAD_MAX_PARTS))
      .min(1)
      .max(UPLOAD_PART_URLS_MAX),
  })
  .strict()
  .meta({ id: 'UploadPartUrlsBody', description: '要上传的分片序号' });
export type UploadPartUrlsBody = z.infer<typeof UploadPartUrlsBodySchema>;

export const UploadPartUrlsSchema = z
  .object({
    parts: z.array(
      z.object({
        partNumber: z.int(),
        url: z.string().describe('用 PUT 发送该分片的原始字节；响应头 ETag 为分片标识'),
        size: z.int().describe('该分片应有的字节数'),
      }),
    ),
    expiredTime: z.int().describe('地址过期时间（10 位秒级时间戳）'),
  })
  .meta({ id: 'UploadPartUrls', description: '分片上传地址' });
export type UploadPartUrls = z.infer<typeof UploadPartUrlsSchema>;

export const UploadIdBodySchema = z.object({ uploadId: UploadIdSchema }).strict();
export type UploadIdBody = z.infer<typeof UploadIdBodySchema>;

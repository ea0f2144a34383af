import os from 'node:os';
import path from 'node:path';
import { DEVELOPMENT_SMS_SIGN_KEY } from '@ninety/contract';
import { z } from 'zod';
import { repoRoot } from './paths';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const databaseUrl = z
  .string()
  .regex(
    /^(pglite:\/\/.+|postgres(ql)?:\/\/.+)$/,
    'must be pglite://<directory>, pglite://memory or postgres://…',
  );

const DEVELOPMENT_AUTH_SECRET = 'ninety-development-auth-secret';

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: databaseUrl.default('pglite://./data/db'),
  PUBLIC_BASE_URL: z.url().optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  TRUST_PROXY: booleanFromEnv.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),

  /** Keys the HMAC of stored SMS codes; production must set its own. */
  AUTH_SECRET: z.string().min(16).default(DEVELOPMENT_AUTH_SECRET),
  /** Shared with the web bundle for the sendSms signature (spec §7). */
  SMS_SIGN_KEY: z.string().min(8).default(DEVELOPMENT_SMS_SIGN_KEY),
  SMS_PROVIDER: z.enum(['console', 'tencent']).default('console'),
  SMS_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).default(20),
  /** A burst guard in front of the hourly count. */
  SMS_IP_MINUTE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Sign-ins (loginPhone, getTokenByMobileToken) per IP and minute: a guard against guessing. */
  SIGN_IN_IP_MINUTE_LIMIT: z.coerce.number().int().min(1).default(30),
  TENCENT_SMS_SECRET_ID: z.string().optional(),
  TENCENT_SMS_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  TENCENT_SMS_SDK_APP_ID: z.string().optional(),
  TENCENT_SMS_SIGN_NAME: z.string().optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().optional(),

  WECHAT_PROVIDER: z.enum(['local', 'official']).default('local'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  /** The token configured for the official account's event push (signature check). */
  WECHAT_PUSH_TOKEN: z.string().optional(),

  /** Non-member uses per period, the period, and the time zone periods are counted in. */
  NON_MEMBER_ENERGY: z.coerce.number().int().min(0).default(10),
  ENERGY_RESET: z.enum(['daily', 'weekly', 'monthly', 'never']).default('daily'),
  TIME_ZONE: z.string().default('Asia/Shanghai'),

  /** The teacher contact shown to learners (GET /api/program/getNewWxInfo). */
  TEACHER_WX: z.string().min(1).default('ninety-pte'),
  TEACHER_QR_URL: z.url().optional(),

  /** The question bank's data files; `npm start` imports them into an empty database. */
  CONTENT_DIR: z.string().default(path.join(repoRoot, 'content')),
  /** Import the bank at start-up when the database holds no items (off: import by hand). */
  CONTENT_IMPORT_ON_START: booleanFromEnv.default(true),
  STORAGE_PROVIDER: z.enum(['local']).default('local'),
  /** Where the local storage keeps its files. */
  STORAGE_DIR: z.string().default('./data/storage'),

  /** Speech engine worker threads (each holds a model copy, ~100–200 MB); default: one per core. */
  SPEECH_WORKERS: z.coerce.number().int().min(1).max(64).default(os.availableParallelism()),
  /** A decoding job running longer than this has its worker replaced (a 40 s clip takes 4–10 s). */
  SPEECH_JOB_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Workers are replaced after this many jobs: WebAssembly memory never shrinks. */
  SPEECH_RECYCLE_AFTER_JOBS: z.coerce.number().int().min(1).default(50),
  /**
   * …or once a worker's WebAssembly + JavaScript heap passes this many MB. A keyword piece (DI,
   * RL, up to ~10 s) leaves the heap at ~250 MB, so a lower bound would reload the model after it.
   */
  SPEECH_MAX_WORKER_MB: z.coerce.number().int().min(64).default(512),
  /**
   * Recordings allowed to wait for a free worker before new ones are refused as busy (50300);
   * default: 4 per worker, about 8 s of waiting for a 40 s Read Aloud.
   */
  SPEECH_MAX_QUEUED: z.coerce.number().int().min(0).optional(),
});

const requiredWhen: [
  keyof z.infer<typeof ConfigSchema>,
  string,
  (keyof z.infer<typeof ConfigSchema>)[],
][] = [
  [
    'SMS_PROVIDER',
    'tencent',
    [
      'TENCENT_SMS_SECRET_ID',
      'TENCENT_SMS_SECRET_KEY',
      'TENCENT_SMS_SDK_APP_ID',
      'TENCENT_SMS_SIGN_NAME',
      'TENCENT_SMS_TEMPLATE_ID',
    ],
  ],
  ['WECHAT_PROVIDER', 'official', ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_PUSH_TOKEN']],
];

const CheckedConfigSchema = ConfigSchema.superRefine((config, context) => {
  for (const [switchName, value, names] of requiredWhen) {
    if (config[switchName] !== value) continue;
    for (const name of names) {
      if (!config[name])
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `required when ${switchName}=${value}`,
        });
    }
  }
  if (config.NODE_ENV === 'production') {
    for (const [name, devValue] of [
      ['AUTH_SECRET', DEVELOPMENT_AUTH_SECRET],
      ['SMS_SIGN_KEY', DEVELOPMENT_SMS_SIGN_KEY],
    ] as const) {
      if (config[name] === devValue)
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'must be set in production (the development default is public)',
        });
    }
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: config.TIME_ZONE });
  } catch {
    context.addIssue({ code: 'custom', path: ['TIME_ZONE'], message: 'unknown time zone' });
  }
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'PUBLIC_BASE_URL' | 'SPEECH_MAX_QUEUED'> & {
  PUBLIC_BASE_URL: string;
  SPEECH_MAX_QUEUED: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment once at start-up. Fails loudly, naming every variable that is wrong,
 * so a bad deployment stops before it serves a single request.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set": shells and .env files often leave `FOO=`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = CheckedConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${String(issue.path[0] ?? '(environment)')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const localHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return {
    ...config,
    PUBLIC_BASE_URL: (config.PUBLIC_BASE_URL ?? `http://${localHost}:${config.PORT}`).replace(
      /\/$/,
      '',
    ),
    WEB_DIST_DIR: path.resolve(config.WEB_DIST_DIR),
    SPEECH_MAX_QUEUED: config.SPEECH_MAX_QUEUED ?? config.SPEECH_WORKERS * 4,
  };
}

/** The package version, reported by the health check and the API docs. */
export const appVersion = '0.1.0';

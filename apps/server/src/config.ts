import os from 'node:os';
import { isIP } from 'node:net';
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

/** Comma-separated site origins (https://ninety.cn), each kept as its origin alone. */
const siteUrls = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin)));

/** Fastify's trustProxy: nothing, a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** An IPv4 or IPv6 address, optionally with a /prefix (checked loosely; proxy-addr parses it). */
const PROXY_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:.]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;

/** A PEM given in one environment line may carry its line breaks as `\n`. */
const pem = z.string().transform((value) => value.replace(/\\n/g, '\n'));

/** The VIP plans on sale (JSON): fixed terms, no auto-renewal; prices in fen. */
const vipPlans = z
  .string()
  .default(
    JSON.stringify([
      { id: 'month', titleZh: '月度会员', days: 31, amountFen: 9900 },
      { id: 'quarter', titleZh: '季度会员', days: 92, amountFen: 24900 },
      { id: 'until-exam', titleZh: '考试通关会员（180 天）', days: 180, amountFen: 39900 },
    ]),
  )
  .transform((value, context) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON array of plans' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.object({
          id: z.string().regex(/^[a-z0-9-]{1,32}$/),
          titleZh: z.string().min(1).max(40),
          days: z.int().min(1).max(3660),
          amountFen: z.int().min(1).max(10_000_000),
        }),
      )
      .min(1)
      .refine(
        (plans) => new Set(plans.map((plan) => plan.id)).size === plans.length,
        'plan ids must differ',
      ),
  );

/** Comma-separated payment providers; the first is the one the payment window picks first. */
const paymentProviders = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(['sandbox', 'wechat', 'alipay'])));

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
  /**
   * Where the API rate limits count: `database` (PostgreSQL, shared by every server of a fleet)
   * or `memory` (this process). Default: the database on PostgreSQL, memory on PGlite.
   */
  RATE_LIMIT_STORE: z.enum(['memory', 'database']).optional(),
  /**
   * Which X-Forwarded-For hops to believe: `false` (none), the number of proxies in front of the
   * server, or their addresses / CIDR ranges (comma-separated). `true` is refused: trusting any
   * X-Forwarded-For let one client rotate it past the per-IP limits (issue 18, finding 7).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): TrustProxy => {
      const text = value.trim();
      if (text === 'false' || text === '0') return false;
      if (/^\d+$/.test(text)) return Number(text);
      if (text === 'true') {
        context.addIssue({
          code: 'custom',
          message:
            'true would trust any X-Forwarded-For; give the number of proxies in front (e.g. 1) or their addresses',
        });
        return z.NEVER;
      }
      const addresses = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (addresses.length === 0 || addresses.some((address) => !PROXY_ADDRESS.test(address))) {
        context.addIssue({
          code: 'custom',
          message: 'must be false, a hop count or comma-separated IP addresses / CIDR ranges',
        });
        return z.NEVER;
      }
      return addresses;
    }),
  /**
   * A connection sending nothing for this long is closed, kept-alive ones too (slow clients held
   * sockets for ever). Behind a proxy keep it above the proxy's own keep-alive (nginx: 60 s).
   */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(65_000),
  /** The request line and headers must arrive within this. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** The whole request, body included, must arrive within this (a 50 MB part on a slow line). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** How often the server looks for requests past those limits. */
  HTTP_TIMEOUT_CHECK_MS: z.coerce.number().int().min(50).default(5_000),
  /** PostgreSQL: a connection not made (or a pooled one not free) within this answers 50300. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** PostgreSQL: a statement running longer is cancelled (a frozen server must not hang requests). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Serve Swagger UI and the OpenAPI JSON under /api/docs. Default: on, except in production. */
  API_DOCS: booleanFromEnv.optional(),
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
  /** The teaching site (spec §7 links out), opened with the learner's mobileToken; unset hides the link. */
  TEACHING_SITE_URL: z.url().optional(),

  /**
   * The two sites (spec §4 "Location check"): origins of the mainland site and of the international
   * site, comma-separated (the first is where a switch goes). Unset: no location check.
   */
  SITE_MAIN_URLS: siteUrls,
  SITE_INTERNATIONAL_URLS: siteUrls,

  /**
   * Payments (issue 21). Unset: the sandbox outside production, none in production (the sandbox
   * would give membership away, so production refuses it).
   */
  PAYMENT_PROVIDERS: paymentProviders.optional(),
  /** An unpaid order closes after this long (the payment window stays payable until then). */
  ORDER_EXPIRE_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  VIP_PLANS: vipPlans,
  /** The sandbox page's "paid, notification late": seconds before the notification arrives. */
  SANDBOX_LATE_NOTIFY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  WECHAT_PAY_MCH_ID: z.string().optional(),
  WECHAT_PAY_APP_ID: z.string().optional(),
  WECHAT_PAY_API_V3_KEY: z.string().length(32).optional(),
  WECHAT_PAY_MERCHANT_SERIAL: z.string().optional(),
  WECHAT_PAY_PRIVATE_KEY: pem.optional(),
  WECHAT_PAY_PUBLIC_KEY_ID: z.string().startsWith('PUB_KEY_ID_').optional(),
  WECHAT_PAY_PUBLIC_KEY: pem.optional(),
  WECHAT_PAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: pem.optional(),
  ALIPAY_PUBLIC_KEY: pem.optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_SELLER_ID: z.string().optional(),
  /** The footer's ICP 备案号 (e.g. 京ICP备12345678号-1) and 公安备案 (京公网安备 11010502030143号). */
  ICP_LICENSE: z.string().trim().min(1).max(80).optional(),
  PUBLIC_SECURITY_FILING: z.string().trim().min(1).max(80).optional(),
  /**
   * Addresses answered with a fixed nation code instead of the IP data, as `ip=code` pairs
   * (`127.0.0.1=156`): end-to-end tests and staging behind one address fake a learner's country.
   */
  GEOIP_FIXED_ADDRESSES: z
    .string()
    .default('')
    .transform((value, context) => {
      const fixed = new Map<string, number>();
      for (const pair of value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const match = /^(.+)=(\d{1,3})$/.exec(pair);
        if (!match || isIP(match[1]!) === 0) {
          context.addIssue({ code: 'custom', message: `${pair}: expected <ip>=<nation code>` });
          return z.NEVER;
        }
        fixed.set(match[1]!.toLowerCase(), Number(match[2]));
      }
      return fixed;
    }),

  /** The question bank's data files; `npm start` imports them into an empty database. */
  CONTENT_DIR: z.string().default(path.join(repoRoot, 'content')),
  /** Import the bank at start-up when the database holds no items (off: import by hand). */
  CONTENT_IMPORT_ON_START: booleanFromEnv.default(true),
  /** Offer the mock blueprints of kind `test` (test-all-types) to learners: end-to-end tests only. */
  MOCK_TEST_BLUEPRINTS: booleanFromEnv.default(false),
  STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
  /** Where the local storage keeps its files. */
  STORAGE_DIR: z.string().default('./data/storage'),
  /** An S3-compatible store (STORAGE_PROVIDER=s3); see docs/object-storage.md. */
  S3_ENDPOINT: z.url().optional(),
  /** The endpoint presigned URLs name when browsers reach the store elsewhere than servers do. */
  S3_PRESIGN_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** The public material host: public objects are loaded from here + `/` + key. */
  S3_PUBLIC_BASE_URL: z.url().optional(),

  /** Speech engine worker threads (each holds a model copy, ~100–200 MB); default: one per core. */
  SPEECH_WORKERS: z.coerce.number().int().min(1).max(64).default(os.availableParallelism()),
  /**
   * A decoding job running longer than this plus SPEECH_JOB_TIMEOUT_MS_PER_AUDIO_SECOND for
   * each second of its audio has its worker replaced (a 40 s clip takes 4–10 s). Counted in the
   * worker's CPU time on Linux, so waiting for a core on a busy machine is not (ADR 0024).
   */
  SPEECH_JOB_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /** The time limit's share per second of audio: a 120 s answer gets 30 s + 120 s by default. */
  SPEECH_JOB_TIMEOUT_MS_PER_AUDIO_SECOND: z.coerce.number().int().min(0).default(1000),
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

  /** Writing checker worker threads (speller + grammar checker, ~250 MB each). */
  LANGUAGE_WORKERS: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * A language check's time limit: this much, plus LANGUAGE_CHECK_TIMEOUT_MS_PER_1000_CHARS per
   * 1,000 characters of the text; past it the worker is replaced and the answer is not scored. A
   * 300-word essay takes ~30 ms; text crafted against Harper up to ~1.3 s per 1,000 characters.
   */
  LANGUAGE_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  LANGUAGE_CHECK_TIMEOUT_MS_PER_1000_CHARS: z.coerce.number().int().min(0).default(3_000),
  /** Language workers are replaced after this many checks (WebAssembly memory never shrinks). */
  LANGUAGE_RECYCLE_AFTER_CHECKS: z.coerce.number().int().min(1).default(1_000),
  /** …or once a worker's WebAssembly + JavaScript heap passes this many MB. */
  LANGUAGE_MAX_WORKER_MB: z.coerce.number().int().min(64).default(768),
  /** Checks that may wait for a language worker; beyond that an answer is refused as busy (50300). */
  LANGUAGE_MAX_QUEUED: z.coerce.number().int().min(0).default(16),

  /**
   * Take scoring jobs (speech, writing) in this server process. On by default: `npm start` is the
   * whole product in one process. A fleet turns it off on its API servers and runs `npm run
   * worker` processes instead (docs/deploy.md).
   */
  WORKERS_IN_PROCESS: booleanFromEnv.default(true),
  /** Writing answers one process scores at once (each holds the grammar checker busy). */
  WRITING_WORKERS: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * How long a submission waits for its score before the page is told it is still being scored
   * (202) and asks again; a 40 s Read Aloud is scored in ~2 s, a 2-minute answer in ~25 s.
   */
  SCORING_WAIT_MS: z.coerce.number().int().min(0).default(25_000),
  /**
   * Answers waiting for a scoring worker, across the fleet, beyond which new ones are refused
   * (50300 "评分排队的人太多"); default: 4 per speech worker of one machine. Raise it with the
   * number of worker machines.
   */
  SCORING_MAX_WAITING: z.coerce.number().int().min(1).optional(),
  /**
   * Recordings of one mock paper scored at once (a learner practising has two). A paper answered
   * back to back can use every speech thread of the fleet: set it to the fleet's total
   * (SPEECH_WORKERS × worker processes). Default: this machine's SPEECH_WORKERS, at least 2.
   */
  MOCK_RECORDINGS_IN_FLIGHT: z.coerce.number().int().min(1).max(256).optional(),
  /**
   * How often an idle scoring worker looks for jobs when no notification woke it (they normally
   * start at once: a queued job is announced with NOTIFY).
   */
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /**
   * A recording's scoring job whose worker has not marked it alive for this long is presumed
   * lost with its process and tried again by another worker; a live worker marks its tries every
   * sixth of this, so a slow try is never taken from it (ADR 0024).
   */
  SCORING_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(3600).default(180),
  /** How often the queue's upkeep runs: expired jobs are retried, ended ones archived. */
  QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
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
  [
    'STORAGE_PROVIDER',
    's3',
    ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_BASE_URL'],
  ],
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
  const payments = config.PAYMENT_PROVIDERS ?? [];
  const paymentKeys = {
    wechat: [
      'WECHAT_PAY_MCH_ID',
      'WECHAT_PAY_APP_ID',
      'WECHAT_PAY_API_V3_KEY',
      'WECHAT_PAY_MERCHANT_SERIAL',
      'WECHAT_PAY_PRIVATE_KEY',
      'WECHAT_PAY_PUBLIC_KEY_ID',
      'WECHAT_PAY_PUBLIC_KEY',
    ],
    alipay: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
  } as const;
  for (const provider of ['wechat', 'alipay'] as const) {
    if (!payments.includes(provider)) continue;
    for (const name of paymentKeys[provider]) {
      if (!config[name])
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `required when PAYMENT_PROVIDERS includes ${provider}`,
        });
    }
  }
  if (config.NODE_ENV === 'production' && payments.includes('sandbox')) {
    context.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDERS'],
      message: 'the sandbox cannot be used in production (it gives membership away)',
    });
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

export type Config = Omit<
  z.infer<typeof ConfigSchema>,
  'PUBLIC_BASE_URL' | 'SPEECH_MAX_QUEUED' | 'API_DOCS' | 'PAYMENT_PROVIDERS'
> & {
  PUBLIC_BASE_URL: string;
  PAYMENT_PROVIDERS: ('sandbox' | 'wechat' | 'alipay')[];
  SPEECH_MAX_QUEUED: number;
  API_DOCS: boolean;
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
    API_DOCS: config.API_DOCS ?? config.NODE_ENV !== 'production',
    PAYMENT_PROVIDERS:
      config.PAYMENT_PROVIDERS ?? (config.NODE_ENV === 'production' ? [] : ['sandbox']),
  };
}

/** The package version, reported by the health check and the API docs. */
export const appVersion = '0.1.0';

/**
 * The configuration of a process's entry point (server.ts, worker.ts): a bad variable is printed
 * by name and the process exits, rather than starting half-configured.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

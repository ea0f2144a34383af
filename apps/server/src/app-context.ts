import type { WxInfo } from '@ninety/contract';
import type { LanguageTools } from '@ninety/scoring/language-tools';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { GeoIp } from './adapters/geoip/geo-ip';
import type { JobPolicy, JobQueue } from './adapters/queue/job-queue';
import type { LanguageWorkers } from './adapters/language/language-worker-pool';
import type { ConsoleSmsSender } from './adapters/sms/console-sms-sender';
import type { SpeechEngine } from './adapters/speech/engine';
import type { ObjectStorage } from './adapters/storage/object-storage';
import type { OfficialAccountProvider } from './adapters/wechat/official-account-provider';
import type { WechatProvider } from './adapters/wechat/wechat-provider';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { RecordingLinks } from './lib/recording-links';
import type { WarmUp } from './lib/warm-up';
import type { RecordingScorer } from './modules/attempts/recording-scorer';
import type { ScoringQueue } from './modules/attempts/scoring-jobs';
import type { EnglishDictionary } from './modules/dictionary/dictionary.service';
import type { ProductCatalogue } from './modules/orders/product-catalogue';
import type { SmsDeps } from './modules/sms/sms.service';
import type { QuotaPolicy } from './modules/users/users.service';

/**
 * What the modules are given: the database, the clock, the outside services and the settings
 * they read, built once per app (services.ts) and handed to each module's `register`. A module
 * passes its services the part they use; no service sees the whole context.
 */
export interface AppContext {
  config: Config;
  log: FastifyBaseLogger;
  database: Database;
  db: Db;
  clock: Clock;
  /** When the app was built (the health check reports the uptime). */
  startedAt: number;
  /** The product's time zone: "today", weeks and quota periods. */
  timeZone: string;
  /** Local disk or an S3-compatible store (STORAGE_PROVIDER; adapters/storage/create-storage). */
  storage: ObjectStorage;
  /** The non-member quota (NON_MEMBER_ENERGY, ENERGY_RESET). */
  quota: QuotaPolicy;
  sms: SmsDeps;
  /** The console sender when it is in use and the environment is not production. */
  smsOutbox: ConsoleSmsSender | null;
  /** Creates sign-in QR codes: the official account, or the local simulator. */
  wechat: WechatProvider;
  /** Set when WeChat pushes scans to us (WECHAT_PROVIDER=official). */
  officialAccount: OfficialAccountProvider | null;
  teacher: WxInfo;
  recordingLinks: RecordingLinks;
  /** Started on first use; app.ts closes it with the server. */
  speech: SpeechEngine;
  /** Scores spoken attempts: the speech engine, or a test's stand-in. */
  recordings: RecordingScorer;
  /** Jobs (scoring, periodic clean-ups) in the database; app.ts starts and stops it. */
  queue: JobQueue;
  scoring: {
    /** How long a submission waits for its score before it is answered "still scoring". */
    waitMs: number;
    /** Answers waiting for a worker, fleet-wide, beyond which new ones are refused. */
    maxWaiting: number;
    /** Retries and expiry of the scoring jobs. */
    policies: Record<ScoringQueue, JobPolicy>;
  };
  /** The speller and grammar checker of the writing traits, loaded on first use. */
  languageTools: () => Promise<LanguageTools>;
  /** The worker threads behind languageTools: started on first use, closed by app.ts. */
  languageWorkers: LanguageWorkers;
  /** The offline English dictionary, loaded on first look-up. */
  dictionary: () => Promise<EnglishDictionary>;
  /** What is loaded once listening (speech, language tools, bank); health says "warming". */
  warmUp: WarmUp;
  /** Where an IP address is (the location check): offline data, read on the first look-up. */
  geoIp: GeoIp;
  /** What learners can buy: each selling module registers its kind here in its `register`. */
  products: ProductCatalogue;
}

/**
 * The module convention: each module's routes file exports `register(app, context)`, which
 * registers its routes (as an encapsulated Fastify plugin) with what they need from the context.
 */
export type RegisterModule = (app: FastifyInstance, context: AppContext) => PromiseLike<unknown>;

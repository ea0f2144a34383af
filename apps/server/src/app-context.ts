import type { WxInfo } from '@ninety/contract';
import type { LanguageTools } from '@ninety/scoring/language-tools';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ConsoleSmsSender } from './adapters/sms/console-sms-sender';
import type { SpeechEngine } from './adapters/speech/engine';
import type { LocalDiskStorage } from './adapters/storage/local-disk-storage';
import type { OfficialAccountProvider } from './adapters/wechat/official-account-provider';
import type { WechatProvider } from './adapters/wechat/wechat-provider';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { InFlightCounter } from './lib/in-flight-counter';
import type { RecordingLinks } from './lib/recording-links';
import type { RecordingScorer } from './modules/attempts/recording-scorer';
import type { EnglishDictionary } from './modules/dictionary/dictionary.service';
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
  storage: LocalDiskStorage;
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
  /** Recordings of one learner being scored at once. */
  recordingsInFlight: InFlightCounter;
  /** The speller and grammar checker of the writing traits, loaded on first use. */
  languageTools: () => Promise<LanguageTools>;
  /** The offline English dictionary, loaded on first look-up. */
  dictionary: () => Promise<EnglishDictionary>;
}

/**
 * The module convention: each module's routes file exports `register(app, context)`, which
 * registers its routes (as an encapsulated Fastify plugin) with what they need from the context.
 */
export type RegisterModule = (app: FastifyInstance, context: AppContext) => PromiseLike<unknown>;

import type { z } from 'zod';
import type { ItemTypeCode } from './catalogue';
import {
  HcsContentSchema,
  HcsKeySchema,
  HiwContentSchema,
  HiwKeySchema,
  LfibContentSchema,
  LfibKeySchema,
  LmcmContentSchema,
  LmcmKeySchema,
  LmcsContentSchema,
  LmcsKeySchema,
  SmwContentSchema,
  SmwKeySchema,
  SstContentSchema,
  SstKeySchema,
  WfdContentSchema,
  WfdKeySchema,
} from './content-listening';
import {
  RfibContentSchema,
  RfibKeySchema,
  RmcmContentSchema,
  RmcmKeySchema,
  RmcsContentSchema,
  RmcsKeySchema,
  RoContentSchema,
  RoKeySchema,
  RwfibContentSchema,
  RwfibKeySchema,
} from './content-reading';
import {
  AsqContentSchema,
  AsqKeySchema,
  DiContentSchema,
  DiKeySchema,
  PiContentSchema,
  PiKeySchema,
  RaContentSchema,
  RaKeySchema,
  RlContentSchema,
  RlKeySchema,
  RsContentSchema,
  RsKeySchema,
  RtsContentSchema,
  RtsKeySchema,
  SgdContentSchema,
  SgdKeySchema,
  SwtContentSchema,
  SwtKeySchema,
  WeContentSchema,
  WeKeySchema,
} from './content-speaking-writing';

/**
 * Every type's content schema (what the learner sees or hears while answering) and answer-key
 * schema (what stays hidden until the answer is in). Checks that need both live on the item
 * schemas in item-schema.ts.
 */
export const contentSchemas = {
  PI: PiContentSchema,
  RA: RaContentSchema,
  RS: RsContentSchema,
  DI: DiContentSchema,
  RL: RlContentSchema,
  ASQ: AsqContentSchema,
  RTS: RtsContentSchema,
  SGD: SgdContentSchema,
  SWT: SwtContentSchema,
  WE: WeContentSchema,
  RWFIB: RwfibContentSchema,
  RMCM: RmcmContentSchema,
  RO: RoContentSchema,
  RFIB: RfibContentSchema,
  RMCS: RmcsContentSchema,
  SST: SstContentSchema,
  LMCM: LmcmContentSchema,
  LFIB: LfibContentSchema,
  HCS: HcsContentSchema,
  LMCS: LmcsContentSchema,
  SMW: SmwContentSchema,
  HIW: HiwContentSchema,
  WFD: WfdContentSchema,
} as const satisfies Record<ItemTypeCode, z.ZodType>;

export const answerKeySchemas = {
  PI: PiKeySchema,
  RA: RaKeySchema,
  RS: RsKeySchema,
  DI: DiKeySchema,
  RL: RlKeySchema,
  ASQ: AsqKeySchema,
  RTS: RtsKeySchema,
  SGD: SgdKeySchema,
  SWT: SwtKeySchema,
  WE: WeKeySchema,
  RWFIB: RwfibKeySchema,
  RMCM: RmcmKeySchema,
  RO: RoKeySchema,
  RFIB: RfibKeySchema,
  RMCS: RmcsKeySchema,
  SST: SstKeySchema,
  LMCM: LmcmKeySchema,
  LFIB: LfibKeySchema,
  HCS: HcsKeySchema,
  LMCS: LmcsKeySchema,
  SMW: SmwKeySchema,
  HIW: HiwKeySchema,
  WFD: WfdKeySchema,
} as const satisfies Record<ItemTypeCode, z.ZodType>;

export type ItemContent<C extends ItemTypeCode> = z.infer<(typeof contentSchemas)[C]>;
export type AnswerKey<C extends ItemTypeCode> = z.infer<(typeof answerKeySchemas)[C]>;

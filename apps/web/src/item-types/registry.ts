import type { ItemTypeCode, WrittenTypeCode } from '@ninety/contract';
import { asq } from './asq';
import { di } from './di';
import { hcs } from './hcs';
import { hiw } from './hiw';
import { lfib } from './lfib';
import { lmcm } from './lmcm';
import { lmcs } from './lmcs';
import { pi } from './pi';
import { ra } from './ra';
import { rfib } from './rfib';
import { rl } from './rl';
import { rmcm } from './rmcm';
import { rmcs } from './rmcs';
import { ro } from './ro';
import { rs } from './rs';
import { rts } from './rts';
import { rwfib } from './rwfib';
import { sgd } from './sgd';
import { smw } from './smw';
import { sst } from './sst';
import { swt } from './swt';
import type { ItemType, SpeakingItemType, SpeakingTypeCode, WrittenItemType } from './types';
import { we } from './we';
import { wfd } from './wfd';

/** Everything about presenting and answering each of the 23 types (22 PTE types and PI). */
export const itemTypeRegistry: { [C in ItemTypeCode]: ItemType<C> } = {
  PI: pi,
  RA: ra,
  RS: rs,
  DI: di,
  RL: rl,
  ASQ: asq,
  RTS: rts,
  SGD: sgd,
  SWT: swt,
  WE: we,
  RWFIB: rwfib,
  RMCM: rmcm,
  RO: ro,
  RFIB: rfib,
  RMCS: rmcs,
  LMCM: lmcm,
  LFIB: lfib,
  HCS: hcs,
  LMCS: lmcs,
  SST: sst,
  SMW: smw,
  HIW: hiw,
  WFD: wfd,
};

export function itemTypeOf<C extends ItemTypeCode>(code: C): ItemType<C> {
  return itemTypeRegistry[code] as ItemType<C>;
}

/** A written type by its code, for callers that hold a written code (renderer tests, previews). */
export function writtenTypeOf<C extends WrittenTypeCode>(code: C): WrittenItemType<C> {
  return itemTypeRegistry[code] as unknown as WrittenItemType<C>;
}

/** A speaking type by its code. */
export function speakingTypeOf<C extends SpeakingTypeCode>(code: C): SpeakingItemType<C> {
  return itemTypeRegistry[code] as unknown as SpeakingItemType<C>;
}

import type { WrittenTypeCode } from '@ninety/contract';
import { hcs } from './hcs';
import { hiw } from './hiw';
import { lfib } from './lfib';
import { lmcm } from './lmcm';
import { lmcs } from './lmcs';
import { rfib } from './rfib';
import { rmcm } from './rmcm';
import { rmcs } from './rmcs';
import { ro } from './ro';
import { rwfib } from './rwfib';
import { smw } from './smw';
import { sst } from './sst';
import { swt } from './swt';
import type { QuestionType } from './types';
import { wfd } from './wfd';
import { we } from './we';

/** The renderer of every written type, by type code. */
export const questionTypes: { [C in WrittenTypeCode]: QuestionType<C> } = {
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

export function questionTypeOf<C extends WrittenTypeCode>(code: C): QuestionType<C> | undefined {
  return questionTypes[code] as QuestionType<C> | undefined;
}

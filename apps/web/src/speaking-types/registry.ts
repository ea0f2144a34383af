import { asq } from './asq';
import { di } from './di';
import { pi } from './pi';
import { ra } from './ra';
import { rl } from './rl';
import { rs } from './rs';
import { rts } from './rts';
import { sgd } from './sgd';
import type { SpeakingType, SpeakingTypeCode } from './types';

const speakingTypes: { [C in SpeakingTypeCode]: SpeakingType<C> } = {
  PI: pi,
  RA: ra,
  RS: rs,
  DI: di,
  RL: rl,
  ASQ: asq,
  RTS: rts,
  SGD: sgd,
};

export function speakingTypeOf<C extends SpeakingTypeCode>(code: C): SpeakingType<C> {
  return speakingTypes[code];
}

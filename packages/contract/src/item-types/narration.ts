import type { Item } from './item-schema';
import { fillBlanks, transcriptTokens } from './text';

/**
 * What the recording of an item says, turn by turn: the script the audio generator synthesises
 * and the transcript the result page can show. Null for types without a recording.
 */
export interface Narration {
  turns: { speaker: 'A' | 'B' | 'C'; text: string }[];
  /** SMW: the recording stops where the missing words would be and a beep replaces them. */
  endsWithBeep: boolean;
}

const one = (text: string, endsWithBeep = false): Narration => ({
  turns: [{ speaker: 'A', text }],
  endsWithBeep,
});

/** The HIW recording: the on-screen transcript with each changed word as it is spoken. */
export function spokenHiwTranscript(item: Extract<Item, { type: 'HIW' }>): string {
  const tokens = transcriptTokens(item.content.transcript);
  for (const change of item.key.changes) {
    const shown = tokens[change.index] ?? '';
    // Keep the punctuation around the displayed word: "roads," is spoken "rivers,".
    const [, before = '', , after = ''] =
      /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(shown) ?? [];
    tokens[change.index] = `${before}${change.spoken}${after}`;
  }
  return tokens.join(' ');
}

export function narrationOf(item: Item): Narration | null {
  switch (item.type) {
    case 'RS':
    case 'RL':
    case 'ASQ':
    case 'SST':
    case 'LMCM':
    case 'HCS':
    case 'LMCS':
      return one(item.key.transcript);
    case 'RTS':
      return one(item.content.situation);
    case 'SGD':
      return { turns: item.key.transcript.map((turn) => ({ ...turn })), endsWithBeep: false };
    case 'SMW':
      return one(item.key.transcript, true);
    case 'LFIB':
      return one(
        fillBlanks(
          item.content.transcript,
          new Map(item.key.answers.map((answer) => [answer.blank, answer.answer])),
        ),
      );
    case 'HIW':
      return one(spokenHiwTranscript(item));
    case 'WFD':
      return one(item.key.sentence);
    default:
      return null;
  }
}

/**
 * What the learner-error rules read: the text's words with a part of speech (Universal POS tags)
 * and a lemma, grouped in sentences. A tagger adapter (wink-tagger.ts) makes them; the rules are
 * plain functions over them, so they are tested without loading a model.
 */
export interface Token {
  text: string;
  lower: string;
  /** Universal POS: NOUN, PROPN, VERB, AUX, ADJ, ADV, PRON, DET, ADP, PART, CCONJ, SCONJ, NUM, PUNCT… */
  pos: string;
  lemma: string;
  start: number;
  end: number;
}

export type Sentence = Token[];

export interface Tagger {
  tag(text: string): Sentence[];
}

import winkNLP, { type ItemSentence, type ItemToken } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import type { Sentence, Tagger, Token } from './tokens';

/**
 * wink-nlp with its English lite model (~3 MB, loads in ~0.3 s): tokens, Universal POS tags,
 * lemmas and sentences. Chosen over compromise by the development set's figures (see the bench).
 */
export function createWinkTagger(): Tagger {
  const nlp = winkNLP(model);
  const its = nlp.its;
  return {
    tag(text) {
      const doc = nlp.readDoc(text);
      const sentences: Sentence[] = [];
      // wink keeps each token's text as written: its offsets are found by reading along the text.
      let cursor = 0;
      doc.sentences().each((sentence: ItemSentence) => {
        const tokens: Token[] = [];
        sentence.tokens().each((token: ItemToken) => {
          const word = token.out();
          const found = text.indexOf(word, cursor);
          const start = found < 0 ? cursor : found;
          cursor = found < 0 ? cursor : found + word.length;
          const lower = word.toLowerCase();
          let pos = token.out(its.pos);
          // wink's typings miss that lemma is a token property like pos.
          let lemma = String(token.out(its.lemma as unknown as typeof its.pos)).toLowerCase();
          // The model reads a capitalised first word as a name ("Students is…"); a lower-case
          // word in the lexicon is the better guess for the rules.
          if (tokens.length === 0 && pos === 'PROPN' && /^\p{Lu}\p{Ll}+$/u.test(word)) {
            pos = 'NOUN';
            if (/[^su]s$/.test(lower) && lemma === lower)
              lemma = lower.replace(/(?:ies)$/, 'y').replace(/s$/, '');
          }
          tokens.push({ text: word, lower, pos, lemma, start, end: start + word.length });
        });
        sentences.push(tokens);
      });
      return sentences;
    },
  };
}

import { pastParticiple, pastTense, plural, sameCase, thirdPerson } from './inflect';
import type { Sentence, Token } from './tokens';

/**
 * Rules for the errors Chinese learners of English make most (issue 17), over tagged sentences.
 * Each finding names its category, explains in Chinese and offers a correction. Rules aim for few
 * false alarms: a rule that is unsure stays silent (the bench measures both on the development set).
 */
export type LearnerCategory =
  | 'agreement'
  | 'verb-form'
  | 'be-base'
  | 'quantifier'
  | 'uncountable'
  | 'article'
  | 'tense'
  | 'double-subject'
  | 'despite-of'
  | 'although-but'
  | 'because-so'
  | 'run-on'
  | 'fragment';

export interface LearnerFinding {
  category: LearnerCategory;
  start: number;
  end: number;
  messageZh: string;
  suggestion: string;
}

export const LEARNER_CATEGORY_ZH: Record<LearnerCategory, string> = {
  agreement: '主谓一致',
  'verb-form': '动词形式',
  'be-base': 'be 动词误用',
  quantifier: '名词单复数',
  uncountable: '不可数名词',
  article: '冠词',
  tense: '时态不一致',
  'double-subject': '主语重复',
  'despite-of': '介词误用',
  'although-but': '连词重复',
  'because-so': '连词重复',
  'run-on': '逗号连句',
  fragment: '句子不完整',
};

/** Which trait a category counts against: word-level usage is vocabulary, the rest grammar. */
export const VOCABULARY_CATEGORIES: ReadonlySet<LearnerCategory> = new Set([
  'uncountable',
  'despite-of',
]);

const MODALS = new Set([
  'can',
  'could',
  'will',
  'would',
  'shall',
  'should',
  'may',
  'might',
  'must',
  'cannot',
  'ca',
  'wo',
]);
const DO_FORMS = new Set(['do', 'does', 'did']);
const BE_FORMS = new Set(['am', 'is', 'are', 'was', 'were']);
const SINGULAR_PRONOUNS = new Set([
  'he',
  'she',
  'it',
  'this',
  'that',
  'everyone',
  'everybody',
  'someone',
  'somebody',
  'nobody',
  'anyone',
  'anybody',
  'everything',
  'something',
  'nothing',
  'each',
  'one',
]);
const PLURAL_PRONOUNS = new Set(['we', 'they', 'these', 'those']);
const IRREGULAR_PLURAL_NOUNS = new Set(['people', 'children', 'men', 'women', 'feet', 'teeth']);
/** Nouns English treats as singular or plural (British usage) or whose number a tag misreads. */
const EITHER_NUMBER = new Set([
  'government',
  'team',
  'family',
  'staff',
  'police',
  'media',
  'data',
  'criteria',
  'public',
  'committee',
  'audience',
  'majority',
  'company',
  'class',
  'crew',
  'couple',
  'series',
  'species',
  'means',
  'cattle',
  'number',
  'percent',
  'percentage',
  'rest',
  'proportion',
  'lot',
  'kind',
]);
/** Nouns ending in -s that are singular. */
const SINGULAR_IN_S = new Set([
  'news',
  'mathematics',
  'physics',
  'economics',
  'politics',
  'statistics',
  'ethics',
  'series',
  'species',
  'means',
  'gas',
  'bus',
  'class',
  'process',
  'analysis',
  'crisis',
  'basis',
  'thesis',
  'status',
  'virus',
  'campus',
  'bonus',
  'focus',
  'success',
  'business',
  'progress',
  'access',
  'address',
  'stress',
  'loss',
  'boss',
  'glass',
  'this',
  'united',
  'states',
]);
export const UNCOUNTABLE = new Set([
  'information',
  'advice',
  'furniture',
  'homework',
  'evidence',
  'knowledge',
  'luggage',
  'baggage',
  'equipment',
  'research',
  'traffic',
  'pollution',
  'machinery',
  'feedback',
  'money',
  'rubbish',
  'garbage',
  'software',
  'hardware',
  'scenery',
  'weather',
  'fun',
  'help',
  'progress',
  'accommodation',
  'staff',
  'jewellery',
  'jewelry',
  'stuff',
  'wildlife',
  'work',
  'water',
  'air',
  'time',
  'energy',
  'health',
  'wealth',
  'education',
  'technology',
  'nature',
  'society',
  'music',
  'food',
  'attention',
  'experience',
  'vocabulary',
  'grammar',
  'news',
  'transport',
  'transportation',
  'employment',
  'unemployment',
  'happiness',
  'love',
  'behaviour',
  'behavior',
  'damage',
  'safety',
  'poverty',
  'freedom',
  'housing',
  'land',
  'rain',
  'space',
  'data',
  'media',
  'police',
  'people',
  'coffee',
  'tea',
  'milk',
  'bread',
  'rice',
  'cash',
  'paper',
  'fruit',
  'fish',
  'sheep',
  'deer',
  'art',
  'culture',
  'crime',
  'life',
  'youth',
  'access',
  'success',
  'failure',
  'growth',
  'change',
  'trade',
  'public',
  'tourism',
  'climate',
  'heat',
  'light',
  'noise',
  'sleep',
  'exercise',
  'income',
  'electricity',
  'oil',
  'gas',
  'fuel',
  'waste',
  'population',
  'infrastructure',
  'healthcare',
  'training',
  'learning',
  'teaching',
  'shopping',
  'marketing',
  'funding',
  'content',
  'labour',
  'labor',
  'management',
  'production',
  'consumption',
  'development',
  'investment',
  'government',
  'percent',
  'hundred',
  'thousand',
  'million',
  'billion',
  'dozen',
  'kind',
  'type',
  'sort',
]);
/** Learners' plurals of uncountable nouns, with the form to use. */
const UNCOUNTABLE_PLURALS: Record<string, string> = {
  informations: 'information',
  advices: 'advice',
  furnitures: 'furniture',
  homeworks: 'homework',
  evidences: 'evidence',
  knowledges: 'knowledge',
  luggages: 'luggage',
  baggages: 'baggage',
  equipments: 'equipment',
  researches: 'research',
  traffics: 'traffic',
  pollutions: 'pollution',
  machineries: 'machinery',
  feedbacks: 'feedback',
  moneys: 'money',
  rubbishes: 'rubbish',
  garbages: 'garbage',
  softwares: 'software',
  hardwares: 'hardware',
  sceneries: 'scenery',
  weathers: 'weather',
  funs: 'fun',
  helps: 'help',
  progresses: 'progress',
  staffs: 'staff',
  accommodations: 'accommodation',
  jewelleries: 'jewellery',
  stuffs: 'stuff',
  wildlifes: 'wildlife',
  attentions: 'attention',
  energies: 'energy',
  vocabularies: 'vocabulary',
  slangs: 'slang',
  cutleries: 'cutlery',
  breads: 'bread',
  homeworkes: 'homework',
};
/** Uncountable nouns that take no "a/an" in the sense learners mean. */
const NO_ARTICLE_UNCOUNTABLE = new Set([
  'information',
  'advice',
  'furniture',
  'homework',
  'evidence',
  'luggage',
  'baggage',
  'equipment',
  'research',
  'progress',
  'feedback',
  'traffic',
  'machinery',
  'software',
  'news',
  'scenery',
  'accommodation',
  'rubbish',
  'weather',
  'fun',
]);
/** Abstract nouns that mean the concept itself without "the" unless something narrows them. */
const CONCEPT_NOUNS = new Set([
  'nature',
  'society',
  'education',
  'technology',
  'money',
  'pollution',
  'happiness',
  'health',
  'wealth',
  'knowledge',
  'love',
  'success',
  'science',
  'poverty',
  'freedom',
  'globalization',
  'globalisation',
  'industrialization',
  'urbanization',
  'urbanisation',
  'mankind',
  'humanity',
]);
/** Singular countable nouns that learners use without an article (a/the) where one is needed. */
const COUNTABLE = new Set([
  'teacher',
  'student',
  'doctor',
  'engineer',
  'nurse',
  'lawyer',
  'scientist',
  'worker',
  'farmer',
  'car',
  'house',
  'city',
  'country',
  'problem',
  'example',
  'question',
  'tool',
  'job',
  'idea',
  'phone',
  'smartphone',
  'computer',
  'book',
  'school',
  'university',
  'company',
  'friend',
  'person',
  'child',
  'apartment',
  'flat',
  'issue',
  'solution',
  'reason',
  'answer',
  'plan',
  'decision',
  'mistake',
  'challenge',
  'chance',
  'opportunity',
  'way',
  'method',
  'factor',
  'result',
  'difference',
  'advantage',
  'disadvantage',
  'benefit',
  'member',
  'manager',
  'boss',
  'player',
  'writer',
  'artist',
  'village',
  'town',
  'bank',
  'hospital',
  'restaurant',
  'hotel',
  'shop',
  'store',
  'bus',
  'train',
  'plane',
  'bike',
  'dog',
  'cat',
  'laptop',
  'website',
  'app',
  'policy',
  'law',
  'rule',
  'project',
  'course',
  'degree',
  'exam',
  'test',
  'report',
  'decade',
  'internet',
  'smartphone',
]);
const NUMBER_WORDS = new Set([
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'hundred',
  'thousand',
  'million',
  'billion',
]);
const PLURAL_QUANTIFIERS = new Set([
  'many',
  'several',
  'few',
  'various',
  'numerous',
  'both',
  'most',
  'different',
]);
const TIME_NOUNS = new Set(['today', 'tonight', 'tomorrow', 'yesterday', 'now', 'nowadays']);
/** A tense rule reads only short sentences: long ones mix times for good reasons. */
const MAX_TENSE_WORDS = 20;
const PAST_MARKERS =
  /\b(?:yesterday|ago|last (?:week|month|year|night|summer|winter|spring|autumn|weekend|time|century|decade)|in the past|in ancient times|when (?:i|he|she|we|they) (?:was|were) (?:young|a child|children|little|at school|a student))\b|\bin (?:1[89]\d\d|200\d|201\d|202[0-4])\b/;
const NOW_MARKERS = /\b(?:now|nowadays|today|currently|these days|at present|still)\b/;
const SUBORDINATORS = new Set([
  'although',
  'though',
  'because',
  'when',
  'if',
  'while',
  'since',
  'as',
  'after',
  'before',
  'unless',
  'once',
  'whereas',
  'whether',
  'until',
  'despite',
  'in',
  'on',
  'for',
  'with',
  'by',
  'to',
  'however',
  'moreover',
  'therefore',
  'thus',
  'first',
  'firstly',
  'secondly',
  'finally',
  'also',
  'yes',
  'no',
  'well',
  'so',
  'but',
  'and',
  'or',
  'then',
]);
/** Past participles the same as the base form: "is put", "was cut" are passives, not errors. */
const SAME_PARTICIPLE = new Set([
  'put',
  'cut',
  'set',
  'hit',
  'let',
  'shut',
  'spread',
  'cost',
  'hurt',
  'read',
  'quit',
  'bet',
  'burst',
  'cast',
  'broadcast',
  'upset',
  'come',
  'become',
  'run',
  'beat',
  'used',
  'like',
  'worth',
  'due',
  'able',
  'about',
  'going',
  'supposed',
  'right',
  'wrong',
  'everything',
  'free',
  'open',
  'close',
  'clean',
  'clear',
  'dry',
  'empty',
  'slow',
  'busy',
  'ready',
  'well',
  'present',
  'content',
  'correct',
  'complete',
  'separate',
  'perfect',
  'secure',
  'live',
  'alike',
  'alone',
]);

const STATIVE = new Set([
  'agree',
  'disagree',
  'lack',
  'believe',
  'know',
  'understand',
  'need',
  'want',
  'prefer',
  'depend',
  'belong',
  'own',
  'contain',
  'consist',
  'mean',
  'seem',
  'tend',
  'care',
  'like',
  'love',
  'hate',
  'worry',
  'doubt',
  'exist',
  'matter',
  'deserve',
  'include',
  'involve',
  'concern',
  'suppose',
]);

const isWord = (token: Token | undefined) => !!token && /\p{L}/u.test(token.text);
const isVerb = (token: Token | undefined) => token?.pos === 'VERB' || token?.pos === 'AUX';
const isNounLike = (token: Token | undefined) =>
  token?.pos === 'NOUN' || token?.pos === 'PROPN' || token?.pos === 'PRON';
/** A verb written in its base form (the tagger's lemma is the word itself). */
const isBaseForm = (token: Token) =>
  token.lower === token.lemma ||
  // The model lemmatises British verbs to American nouns: "practise" → "practice".
  token.lower.replace(/is(e|ing|ed)$/, 'iz$1') === token.lemma ||
  token.lower === token.lemma.replace(/ice$/, 'ise');
const isThirdPersonForm = (token: Token) =>
  token.pos === 'VERB' && token.lower !== token.lemma && /s$/.test(token.lower);
const PRESENT_AUX = new Set([
  'am',
  'is',
  'are',
  'has',
  'have',
  'do',
  'does',
  "'s",
  "'re",
  "'m",
  'ca',
  'wo',
]);
const isPastForm = (token: Token) =>
  (token.pos === 'VERB' || token.pos === 'AUX') &&
  !PRESENT_AUX.has(token.lower) &&
  token.lower !== token.lemma &&
  !/(?:s|ing)$/.test(token.lower);
const isIngForm = (token: Token) => token.lower !== token.lemma && /ing$/.test(token.lower);

function isPluralNoun(token: Token): boolean | undefined {
  if (EITHER_NUMBER.has(token.lower) || EITHER_NUMBER.has(token.lemma)) return undefined;
  if (token.pos === 'PRON') {
    if (SINGULAR_PRONOUNS.has(token.lower)) return false;
    if (PLURAL_PRONOUNS.has(token.lower)) return true;
    return undefined;
  }
  if (token.pos !== 'NOUN' && token.pos !== 'PROPN') return undefined;
  if (IRREGULAR_PLURAL_NOUNS.has(token.lower)) return true;
  if (SINGULAR_IN_S.has(token.lower)) return false;
  if (token.pos === 'PROPN') return undefined;
  if (token.lower !== token.lemma && /s$/.test(token.lower)) return true;
  if (token.lower === token.lemma && !/s$/.test(token.lower)) return false;
  return undefined;
}

interface Context {
  sentence: Sentence;
  words: string;
  findings: LearnerFinding[];
}

function add(
  context: Context,
  category: LearnerCategory,
  from: Token,
  to: Token,
  messageZh: string,
  suggestion: string,
) {
  context.findings.push({ category, start: from.start, end: to.end, messageZh, suggestion });
}

/** The subject's head before a finite verb at `verbIndex`: the noun before "of" in "X of Y". */
function subjectHead(
  sentence: Sentence,
  verbIndex: number,
): { head: Token; index: number } | undefined {
  let clauseStart = 0;
  for (let index = verbIndex - 1; index >= 0; index -= 1) {
    const token = sentence[index]!;
    if (
      token.pos === 'PUNCT' ||
      token.pos === 'SCONJ' ||
      token.pos === 'CCONJ' ||
      token.lower === 'that' ||
      token.lower === 'who' ||
      token.lower === 'which' ||
      isVerb(token)
    ) {
      clauseStart = index + 1;
      break;
    }
  }
  const phrase = sentence.slice(clauseStart, verbIndex);
  if (phrase.length === 0 || phrase.length > 8) return undefined;
  const boundary = sentence[clauseStart - 1];
  const beforeBoundary = sentence[clauseStart - 2];
  // "X, Y and Z are", "problems and limited mobility make": a coordinated subject is plural.
  if (
    boundary &&
    (boundary.lower === 'and' || boundary.lower === 'or' || boundary.text === ',') &&
    beforeBoundary &&
    ['NOUN', 'PROPN', 'ADJ'].includes(beforeBoundary.pos)
  )
    return undefined;
  // "subjects such as medicine … require", "offering flexible arrangements helps", "mixing words is".
  if (boundary && (boundary.lower === 'as' || (boundary.pos === 'VERB' && isIngForm(boundary))))
    return undefined;
  // After a verb comes its object ("watched a football match"), not a subject.
  if (clauseStart > 0 && isVerb(sentence[clauseStart - 1])) return undefined;
  // "Playing games is…": a gerund subject is singular whatever its object.
  if (phrase.some((token) => token.pos === 'VERB')) return undefined;
  if (phrase.length >= 2 && /ing$/.test(phrase[0]!.lower)) return undefined;
  if (phrase.some((token) => token.pos === 'ADP' && token.lower !== 'of')) return undefined;
  const ofAt = phrase.findIndex((token) => token.lower === 'of');
  const part = ofAt >= 0 ? phrase.slice(0, ofAt) : phrase;
  // "One of …", "Each of …", "The number of …", "A number of …", "A lot of …" decide by their head.
  const first = part[0]?.lower;
  if (
    ofAt >= 0 &&
    part.length === 1 &&
    (first === 'one' || first === 'each' || first === 'neither' || first === 'either')
  )
    return { head: { ...part[0]!, pos: 'PRON' }, index: clauseStart };
  if (ofAt >= 0 && part.map((token) => token.lower).join(' ') === 'the number')
    return { head: { ...part[1]!, lower: 'number-singular' }, index: clauseStart };
  if (
    ofAt >= 0 &&
    /^(?:a (?:lot|number|variety|majority)|lots|most|many|some|all|plenty|none|half)$/.test(
      part.map((token) => token.lower).join(' '),
    )
  ) {
    const rest = phrase
      .slice(ofAt + 1)
      .filter((token) => token.pos === 'NOUN' || token.pos === 'PRON');
    const last = rest.at(-1);
    return last ? { head: last, index: clauseStart } : undefined;
  }
  const nouns = part
    .filter((token) => !TIME_NOUNS.has(token.lower))
    .filter(
      (token) =>
        isNounLike(token) ||
        token.lower === 'this' ||
        token.lower === 'these' ||
        token.lower === 'those',
    );
  const head = nouns.at(-1);
  if (!head) return undefined;
  if (part.some((token) => token.lower === 'and' || token.lower === 'or' || token.lower === 'nor'))
    return undefined;
  // "every"/"each" + noun is singular whatever the noun's form.
  if (part.some((token) => token.lower === 'every' || token.lower === 'each'))
    return { head: { ...head, pos: 'PRON', lower: 'each' }, index: clauseStart };
  return { head, index: clauseStart };
}

function headIsPlural(head: Token): boolean | undefined {
  if (head.lower === 'number-singular') return false;
  if (head.pos === 'PRON' && (head.lower === 'i' || head.lower === 'you')) return undefined;
  return isPluralNoun(head);
}

function agreement(context: Context) {
  const { sentence } = context;
  sentence.forEach((verb, index) => {
    if (!isVerb(verb)) return;
    const previous = sentence[index - 1];
    if (
      previous &&
      (MODALS.has(previous.lower) ||
        previous.lower === 'to' ||
        DO_FORMS.has(previous.lower) ||
        previous.lower === 'not' ||
        BE_FORMS.has(previous.lower) ||
        ['has', 'have', 'had'].includes(previous.lower))
    )
      return;
    // "There is many reasons" / "There are a big difference": the noun after the verb decides.
    if (previous?.lower === 'there' && BE_FORMS.has(verb.lower)) {
      const next = sentence.slice(index + 1, index + 6);
      const firstNext = next[0];
      const noun = next.find((token) => token.pos === 'NOUN');
      const singularVerb = verb.lower === 'is' || verb.lower === 'was';
      const quantity = [
        'lot',
        'number',
        'few',
        'variety',
        'couple',
        'range',
        'great',
        'series',
        'host',
        'wide',
      ].includes(next[1]?.lower ?? '');
      if (!singularVerb && !quantity && (firstNext?.lower === 'a' || firstNext?.lower === 'an')) {
        add(
          context,
          'agreement',
          verb,
          verb,
          'there be 句型中 be 动词与后面的名词一致：单数名词用 is/was',
          sameCase(verb.text, verb.lower === 'are' ? 'is' : 'was'),
        );
      } else if (
        singularVerb &&
        noun &&
        firstNext &&
        ['many', 'several', 'few', 'some', 'two', 'three', 'lots', 'various'].includes(
          firstNext.lower,
        ) &&
        isPluralNoun(noun)
      ) {
        add(
          context,
          'agreement',
          verb,
          verb,
          'there be 句型中 be 动词与后面的名词一致：复数名词用 are/were',
          sameCase(verb.text, verb.lower === 'is' ? 'are' : 'were'),
        );
      }
      return;
    }
    const singularVerb =
      verb.lower === 'is' ||
      verb.lower === 'was' ||
      verb.lower === 'has' ||
      verb.lower === 'does' ||
      verb.lower === "doesn't" ||
      isThirdPersonForm(verb);
    const pluralVerb =
      verb.lower === 'are' ||
      verb.lower === 'were' ||
      verb.lower === 'have' ||
      verb.lower === 'do' ||
      verb.lower === "don't" ||
      (verb.pos === 'VERB' && isBaseForm(verb) && !['be', 'let'].includes(verb.lower));
    if (!singularVerb && !pluralVerb) return;
    // "Does she like…?": the verb after an inverted subject is the do-rule's.
    const twoBack = sentence[index - 2];
    if (twoBack && (DO_FORMS.has(twoBack.lower) || MODALS.has(twoBack.lower))) return;
    // "She suggested that he go": the subjunctive keeps the base form.
    if (
      pluralVerb &&
      /\b(?:suggest|insist|recommend|demand|require|propose)\w* that\b/.test(context.words)
    )
      return;
    const subject = subjectHead(sentence, index);
    if (!subject) return;
    // Only a subject right before the verb (optionally with an adverb) is trusted.
    const between = sentence.slice(sentence.indexOf(subject.head) + 1, index);
    if (between.some((token) => isVerb(token))) return;
    const plural = headIsPlural(subject.head);
    if (plural === undefined) return;
    if (plural && singularVerb) {
      const fix =
        verb.lower === 'is'
          ? 'are'
          : verb.lower === 'was'
            ? 'were'
            : verb.lower === 'has'
              ? 'have'
              : verb.lower === 'does'
                ? 'do'
                : verb.lower === "doesn't"
                  ? "don't"
                  : verb.lemma;
      // "Students is lack of" is also a be + base-verb error: one finding, the be rule's.
      if (
        BE_FORMS.has(verb.lower) &&
        sentence[index + 1]?.pos === 'VERB' &&
        isBaseForm(sentence[index + 1]!)
      )
        return;
      add(
        context,
        'agreement',
        verb,
        verb,
        `主语 ${subject.head.text} 是复数，谓语动词应使用复数形式`,
        sameCase(verb.text, fix),
      );
    } else if (!plural && pluralVerb) {
      // "Students can studies" and "does she like" are other rules'; a subject after the verb is a question.
      if (verb.pos === 'VERB' && sentence.slice(0, index).some((token) => token.lower === 'to'))
        return;
      if (subject.head.lower === 'this' && (verb.lower === 'are' || verb.lower === 'were')) {
        add(
          context,
          'agreement',
          subject.head,
          verb,
          'this 是单数：复数应使用 these are',
          sameCase(subject.head.text, `these ${verb.lower}`),
        );
        return;
      }
      const fix =
        verb.lower === 'are'
          ? 'is'
          : verb.lower === 'were'
            ? 'was'
            : verb.lower === "don't"
              ? "doesn't"
              : thirdPerson(verb.lemma === 'be' ? 'be' : verb.lower);
      add(
        context,
        'agreement',
        verb,
        verb,
        `主语 ${subject.head.text === 'number-singular' ? 'the number' : subject.head.text} 是第三人称单数，谓语动词应使用单数形式`,
        sameCase(verb.text, fix),
      );
    }
  });
}

function verbForm(context: Context) {
  const { sentence } = context;
  sentence.forEach((token, index) => {
    const isModal = MODALS.has(token.lower) && token.pos === 'AUX';
    const isDo = DO_FORMS.has(token.lower) && token.pos === 'AUX';
    const isTo = token.lower === 'to' && token.pos === 'PART';
    if (!isModal && !isDo && !isTo) return;
    let at = index + 1;
    while (
      sentence[at] &&
      (sentence[at]!.lower === 'not' ||
        sentence[at]!.lower === "n't" ||
        (sentence[at]!.pos === 'ADV' && sentence[at]!.lower !== 'rather'))
    )
      at += 1;
    // "Does she likes": the subject comes between do and the verb in a question.
    if (isDo && sentence[at] && (sentence[at]!.pos === 'PRON' || sentence[at]!.pos === 'PROPN'))
      at += 1;
    if (isModal && sentence[at]?.lower === 'rather') at += 1;
    const next = sentence[at];
    if (!next) return;
    if (isModal && next.lower === 'to' && token.lower !== 'ought') {
      add(
        context,
        'verb-form',
        token,
        next,
        `情态动词 ${token.text} 后直接接动词原形，不加 to`,
        token.text,
      );
      return;
    }
    if (
      next.pos !== 'VERB' &&
      !(next.pos === 'AUX' && (next.lower === 'has' || next.lower === 'had' || next.lower === 'is'))
    )
      return;
    if (isBaseForm(next)) return;
    if (isTo && isIngForm(next)) return; // "look forward to meeting"
    // "give a voice to groups and issues": a plural noun the model read as a verb.
    if (
      isTo &&
      /s$/.test(next.lower) &&
      ['CCONJ', 'PUNCT', 'ADP'].includes(sentence[at + 1]?.pos ?? 'PUNCT')
    )
      return;
    if (
      isTo &&
      sentence[index - 1] &&
      [
        'used',
        'addition',
        'forward',
        'due',
        'compared',
        'opposed',
        'devoted',
        'committed',
        'key',
        'contribute',
        'contributes',
        'object',
        'according',
      ].includes(sentence[index - 1]!.lower)
    )
      return;
    if (isDo && next.pos === 'AUX') return;
    const after = isTo ? '不定式 to' : isDo ? `助动词 ${token.text}` : `情态动词 ${token.text}`;
    // The model's lemma is American ("practised" → "practice"): a British verb keeps its -ise.
    const base =
      /is(?:e|es|ed|ing)$/.test(next.lower) && next.lemma.endsWith('ice')
        ? next.lemma.replace(/ice$/, 'ise')
        : next.lemma;
    add(context, 'verb-form', next, next, `${after} 后应使用动词原形`, sameCase(next.text, base));
  });
}

function beBase(context: Context) {
  const { sentence } = context;
  sentence.forEach((token, index) => {
    if (!BE_FORMS.has(token.lower)) return;
    let at = index + 1;
    while (sentence[at]?.pos === 'ADV' || sentence[at]?.lower === 'not') at += 1;
    const verb = sentence[at];
    if (!verb || verb.pos !== 'VERB' || !isBaseForm(verb) || SAME_PARTICIPLE.has(verb.lower))
      return;
    const next = sentence[at + 1];
    if (
      next?.lower === 'by' ||
      ([
        'build',
        'write',
        'publish',
        'design',
        'destroy',
        'replace',
        'follow',
        'use',
        'affect',
        'make',
        'found',
        'base',
        'cause',
        'find',
        'know',
        'give',
        'take',
        'see',
      ].includes(verb.lower) &&
        !(next?.pos === 'NOUN' || next?.pos === 'DET'))
    ) {
      add(
        context,
        'be-base',
        verb,
        verb,
        '被动语态是 be + 过去分词，不能用动词原形',
        sameCase(verb.text, pastParticiple(verb.lower)),
      );
      return;
    }
    // A base verb at a sentence's end after "is" is more likely a noun the model misread ("is speed.").
    if (
      next?.pos === 'DET' ||
      next?.pos === 'ADP' ||
      next?.pos === 'NOUN' ||
      next?.pos === 'PRON' ||
      next?.pos === 'PART' ||
      next?.pos === 'ADJ' ||
      next?.pos === 'ADV' ||
      next?.pos === 'SCONJ'
    ) {
      // Stative verbs (agree, lack, believe…) take no -ing: the fix is to drop "be".
      const stative = STATIVE.has(verb.lower);
      add(
        context,
        'be-base',
        token,
        verb,
        stative
          ? `be 动词后不能直接接动词原形：去掉 ${token.text}，直接用 ${verb.lower} 作谓语（注意主谓一致）`
          : `be 动词后不能直接接动词原形：去掉 ${token.text} 用 ${verb.lower} 作谓语，或改为进行时（${token.text} ${verb.lower}ing）`,
        sameCase(token.text, verb.lower),
      );
    }
  });
}

function quantifiers(context: Context) {
  const { sentence } = context;
  sentence.forEach((token, index) => {
    const words = sentence
      .slice(index, index + 4)
      .map((word) => word.lower)
      .join(' ');
    let after = -1;
    let label = '';
    if (PLURAL_QUANTIFIERS.has(token.lower) || NUMBER_WORDS.has(token.lower)) {
      if (token.lower === 'different' || token.lower === 'most' || token.lower === 'few') {
        const before = sentence[index - 1];
        if (
          before &&
          [
            'a',
            'an',
            'the',
            'this',
            'that',
            'his',
            'her',
            'its',
            'their',
            'our',
            'my',
            'your',
            'is',
            'are',
            'was',
            'were',
            'quite',
          ].includes(before.lower)
        )
          return;
      }
      if (
        NUMBER_WORDS.has(token.lower) &&
        sentence[index - 1] &&
        ['a', 'one', 'the'].includes(sentence[index - 1]!.lower)
      )
        return;
      after = index + 1;
      label = token.text;
    } else if (
      /^(?:a lot of|lots of|plenty of|a number of|a variety of|a few|one of the|one of my|one of our|one of his|one of her|one of their)/.test(
        words,
      )
    ) {
      const length = /^(?:lots of|plenty of|a few)/.test(words) ? 2 : 3;
      const isOne = words.startsWith('one of');
      after = index + length + (isOne ? 1 : 0);
      label = sentence
        .slice(index, index + length)
        .map((word) => word.text)
        .join(' ');
      if (isOne)
        label = sentence
          .slice(index, index + 4)
          .map((word) => word.text)
          .join(' ');
    } else if (token.lower === 'every' || token.lower === 'each') {
      let at = index + 1;
      while (sentence[at]?.pos === 'ADJ') at += 1;
      const noun = sentence[at];
      if (
        noun &&
        noun.pos === 'NOUN' &&
        sentence[at + 1]?.pos !== 'NOUN' &&
        isPluralNoun(noun) === true &&
        !IRREGULAR_PLURAL_NOUNS.has(noun.lower)
      ) {
        add(context, 'quantifier', noun, noun, `${token.text} 后接可数名词单数`, noun.lemma);
      }
      return;
    } else if (
      (token.lower === 'these' || token.lower === 'those') &&
      ['kind', 'type', 'sort'].includes(sentence[index + 1]?.lower ?? '')
    ) {
      const noun = sentence[index + 1]!;
      add(
        context,
        'quantifier',
        noun,
        noun,
        `${token.text} 后接复数名词：${token.lower} ${noun.lower}s of`,
        `${noun.lower}s`,
      );
      return;
    } else return;
    let at = after;
    while (
      sentence[at] &&
      (sentence[at]!.pos === 'ADJ' ||
        sentence[at]!.pos === 'ADV' ||
        (sentence[at]!.pos === 'VERB' && /(?:ed|ing)$/.test(sentence[at]!.lower)))
    )
      at += 1;
    let noun = sentence[at];
    // The head of "many student visas" is the last noun.
    while (
      noun &&
      noun.pos === 'NOUN' &&
      isPluralNoun(noun) === false &&
      sentence[at + 1]?.pos === 'NOUN'
    ) {
      at += 1;
      noun = sentence[at];
    }
    if (!noun || noun.pos !== 'NOUN' || isPluralNoun(noun) !== false) return;
    if (
      UNCOUNTABLE.has(noun.lower) ||
      (/(?:ing|ness|ment|ity|ism|ance|ence|tion)$/.test(noun.lower) &&
        label.toLowerCase().includes('lot'))
    )
      return;
    if (
      UNCOUNTABLE.has(noun.lower) &&
      !['many', 'several', 'few', 'both', 'various', 'numerous'].includes(token.lower)
    )
      return;
    if (UNCOUNTABLE.has(noun.lower)) return;
    if (token.lower === 'most' && sentence[after]?.lower === 'of') return;
    add(context, 'quantifier', noun, noun, `${label} 后接可数名词复数`, plural(noun.lower));
  });
}

function uncountable(context: Context) {
  const { sentence } = context;
  sentence.forEach((token, index) => {
    const base = UNCOUNTABLE_PLURALS[token.lower];
    if (base && token.pos !== 'VERB') {
      add(
        context,
        'uncountable',
        token,
        token,
        `${base} 是不可数名词，没有复数形式`,
        sameCase(token.text, base),
      );
      return;
    }
    const previous = sentence[index - 1];
    if (
      NO_ARTICLE_UNCOUNTABLE.has(token.lower) &&
      (previous?.lower === 'a' || previous?.lower === 'an')
    ) {
      add(
        context,
        'uncountable',
        previous,
        token,
        `${token.lower} 是不可数名词，不能与 a/an 连用（可用 some 或 a piece of）`,
        token.text,
      );
      return;
    }
    if (
      UNCOUNTABLE.has(token.lower) &&
      previous?.lower === 'many' &&
      token.pos === 'NOUN' &&
      !['people', 'police', 'data', 'media'].includes(token.lower) &&
      !COUNTABLE.has(token.lower)
    ) {
      add(
        context,
        'uncountable',
        previous,
        token,
        `${token.lower} 是不可数名词，用 much 或 a lot of 修饰`,
        `${sameCase(previous.text, 'a lot of')} ${token.text}`,
      );
      return;
    }
    if (
      token.lower === 'news' &&
      (sentence[index + 1]?.lower === 'are' || sentence[index + 1]?.lower === 'were')
    ) {
      const verb = sentence[index + 1]!;
      add(
        context,
        'uncountable',
        verb,
        verb,
        'news 是不可数名词，谓语用单数',
        verb.lower === 'are' ? 'is' : 'was',
      );
    }
  });
}

/** Words after "a" that sound like a vowel, and after "an" that sound like a consonant. */
const VOWEL_SOUND_H = /^(?:hour|honest|honou?r|heir)/;
const CONSONANT_SOUND_VOWEL =
  /^(?:uni(?!nt|mp|nf|nh|nd|ns|nv)|use|usu|uti|ura|euro?|ewe|one|once|ubiq|ukr)/;

function startsWithVowelSound(word: string): boolean | undefined {
  if (/^\p{Lu}{2,}/u.test(word)) return /^[AEFHILMNORSX]/.test(word);
  const lower = word.toLowerCase();
  if (!/^\p{L}/u.test(lower)) return undefined;
  if (VOWEL_SOUND_H.test(lower)) return true;
  if (CONSONANT_SOUND_VOWEL.test(lower)) return false;
  return /^[aeiou]/.test(lower);
}

function articles(context: Context) {
  const { sentence } = context;
  sentence.forEach((token, index) => {
    const next = sentence[index + 1];
    if (
      (token.lower === 'a' || token.lower === 'an') &&
      token.pos === 'DET' &&
      next &&
      isWord(next)
    ) {
      const vowel = startsWithVowelSound(next.text);
      if (vowel === true && token.lower === 'a')
        add(
          context,
          'article',
          token,
          next,
          `${next.text} 以元音音素开头，前面用 an`,
          sameCase(token.text, `an ${next.text}`),
        );
      if (vowel === false && token.lower === 'an')
        add(
          context,
          'article',
          token,
          next,
          `${next.text} 以辅音音素开头，前面用 a`,
          sameCase(token.text, `a ${next.text}`),
        );
      return;
    }
    // "the nature", "The education is…": the concept itself takes no article.
    if (token.lower === 'the' && next && CONCEPT_NOUNS.has(next.lower)) {
      const after = sentence[index + 2];
      const narrowed =
        sentence.slice(index + 2, index + 6).some((word) => word.lower === 'of') ||
        (after &&
          (after.pos === 'NOUN' ||
            after.lower === 'that' ||
            after.lower === 'which' ||
            after.lower === 'who' ||
            after.lower === 'in' ||
            after.lower === 'we' ||
            after.lower === 'they' ||
            after.lower === 'i' ||
            after.lower === 'system' ||
            after.lower === 'sector'));
      if (!narrowed)
        add(
          context,
          'article',
          token,
          next,
          `${next.lower} 泛指概念时不加 the`,
          sameCase(token.text, next.lower),
        );
      return;
    }
    // A singular countable noun with no determiner: "is teacher", "bought car", "is good example".
    if (token.pos !== 'NOUN' || !COUNTABLE.has(token.lower) || isPluralNoun(token) !== false)
      return;
    let at = index - 1;
    while (at >= 0 && (sentence[at]!.pos === 'ADJ' || sentence[at]!.pos === 'ADV')) at -= 1;
    const before = sentence[at];
    const follows = sentence[index + 1];
    if (follows?.pos === 'NOUN' || follows?.pos === 'PROPN' || follows?.lower === "'s") return;
    if (
      before === undefined &&
      index === 0 + (at + 1) &&
      sentence.length > index + 1 &&
      isVerb(follows)
    ) {
      add(
        context,
        'article',
        token,
        token,
        `单数可数名词 ${token.lower} 作主语时需要冠词（a/the）`,
        sameCase(
          token.text,
          `${token.lower === 'internet' ? 'the' : /^[aeiou]/.test(token.lower) ? 'an' : 'a'} ${token.lower}`,
        ),
      );
      return;
    }
    if (!before) return;
    // "a respected foreign university": a participle inside a noun phrase that has its article.
    const beforeThat = sentence[at - 1];
    if (
      before.pos === 'VERB' &&
      beforeThat &&
      (beforeThat.pos === 'DET' ||
        ['my', 'your', 'his', 'her', 'its', 'our', 'their'].includes(beforeThat.lower))
    )
      return;
    if (
      [
        'in person',
        'by car',
        'by bus',
        'by train',
        'by plane',
        'at school',
        'in town',
        'in class',
        'at university',
        'in hospital',
      ].includes(`${before.lower} ${token.lower}`)
    )
      return;
    const trigger =
      BE_FORMS.has(before.lower) ||
      [
        'become',
        'became',
        'bought',
        'buy',
        'has',
        'have',
        'had',
        'in',
        'at',
        'into',
        'is',
      ].includes(before.lower) ||
      (before.pos === 'VERB' && !isBaseForm(before) && before.lower.endsWith('ed'));
    if (
      !trigger ||
      (['by', 'per', 'at', 'in'].includes(before.lower) &&
        ['bus', 'train', 'plane', 'school', 'university', 'hospital', 'town'].includes(token.lower))
    )
      return;
    if (token.lower === 'internet') return;
    const first = sentence[at + 1]!;
    const article = startsWithVowelSound(first.text) ? 'an' : 'a';
    add(
      context,
      'article',
      first,
      token,
      `单数可数名词 ${token.lower} 前需要冠词（a/an/the）`,
      `${article} ${sentence
        .slice(at + 1, index + 1)
        .map((word) => word.text)
        .join(' ')}`,
    );
  });
}

function tense(context: Context) {
  const { sentence, words } = context;
  const hasPastMarker = PAST_MARKERS.test(words);
  const hasNow = NOW_MARKERS.test(words);
  const finites = sentence.filter((token, index) => {
    if (!isVerb(token)) return false;
    const previous = sentence[index - 1];
    if (
      previous &&
      (MODALS.has(previous.lower) ||
        previous.lower === 'to' ||
        DO_FORMS.has(previous.lower) ||
        BE_FORMS.has(previous.lower) ||
        ['has', 'have', 'had', 'not', 'been', 'be', 'being'].includes(previous.lower))
    )
      return false;
    return true;
  });
  const isPresent = (token: Token) => {
    if (
      token.lower === 'is' ||
      token.lower === 'are' ||
      token.lower === 'am' ||
      isThirdPersonForm(token)
    )
      return true;
    if (token.pos !== 'VERB' || !isBaseForm(token) || token.lower === 'let') return false;
    // A base form is finite only after its subject ("I go"), not inside a noun phrase ("a football match").
    const previous = sentence[sentence.indexOf(token) - 1];
    return (
      previous?.pos === 'PRON' || (previous?.pos === 'NOUN' && isPluralNoun(previous) === true)
    );
  };
  const past = finites.filter((token) => {
    const previous = sentence[sentence.indexOf(token) - 1];
    const subjectBefore = sentence[sentence.indexOf(token) - 2];
    // A past verb right after its subject ("She opened…"), not a participle after a noun ("skills needed").
    return (
      isPastForm(token) &&
      !!previous &&
      sentence[sentence.indexOf(token) + 1]?.lower !== 'by' &&
      (previous.pos === 'PRON' ||
        ((previous.pos === 'NOUN' || previous.pos === 'PROPN') &&
          (!subjectBefore ||
            subjectBefore.pos === 'DET' ||
            subjectBefore.pos === 'PRON' ||
            subjectBefore.pos === 'PUNCT')))
    );
  });
  if (hasPastMarker && !hasNow) {
    // "I have seen him yesterday": the present perfect does not take a finished past time.
    const perfect = sentence.findIndex(
      (token, index) =>
        (token.lower === 'have' || token.lower === 'has') &&
        sentence[index + 1]?.pos === 'VERB' &&
        isPastForm(sentence[index + 1]!),
    );
    if (perfect >= 0 && /\b(?:yesterday|ago|last \w+)\b/.test(words)) {
      const verb = sentence[perfect + 1]!;
      add(
        context,
        'tense',
        sentence[perfect]!,
        verb,
        '有明确的过去时间（yesterday / ago / last …）时用一般过去时，不用现在完成时',
        pastTense(verb.lemma),
      );
      return;
    }
    const present = finites.find((token) => isPresent(token));
    if (present) {
      add(
        context,
        'tense',
        present,
        present,
        '句中有表示过去的时间状语，谓语动词应使用过去时',
        sameCase(
          present.text,
          pastTense(
            present.lemma === 'be' ? (present.lower === 'are' ? 'be' : 'be') : present.lemma,
          ),
        ),
      );
      return;
    }
  }
  if (hasNow || sentence.filter((token) => isWord(token)).length > MAX_TENSE_WORDS) return;
  // "opened the door and walks in": verbs joined by "and" share a tense.
  sentence.forEach((token, index) => {
    if (token.lower !== 'and' || past.length === 0) return;
    const first = past[0]!;
    if (first.start > token.start) return;
    let at = index + 1;
    while (sentence[at]?.pos === 'ADV') at += 1;
    const verb = sentence[at];
    if (
      verb &&
      verb.pos === 'VERB' &&
      (isThirdPersonForm(verb) || isBaseForm(verb)) &&
      sentence[at - 1]?.lower !== 'to'
    ) {
      // Past and present joined about the same subject: "…and passes", "…and go to bed".
      add(
        context,
        'tense',
        verb,
        verb,
        `与前面的过去时动词 ${first.text} 并列，时态应一致`,
        pastTense(verb.lemma),
      );
    }
    // "…since then" with a present simple or continuous: the present perfect is needed.
    const verbs = finites.filter(
      (finite) =>
        finite.start > token.start &&
        (isThirdPersonForm(finite) || finite.lower === 'is' || finite.lower === 'are'),
    );
    if (/\bsince then\b/.test(words) && verbs[0])
      add(
        context,
        'tense',
        verbs[0],
        verbs[0],
        '与 since then 连用应使用现在完成时',
        verbs[0].lower === 'is' ? 'has been' : `has ${pastParticiple(verbs[0].lemma)}`,
      );
  });
  // "He said that he is tired" / "He told me that he will come": reported speech steps back.
  const saidAt = sentence.findIndex((token) => token.lower === 'said' || token.lower === 'told');
  if (saidAt >= 0) {
    const thatAt = sentence.findIndex((token, index) => index > saidAt && token.lower === 'that');
    const verb =
      thatAt >= 0 ? sentence.slice(thatAt + 1).find((token) => isVerb(token)) : undefined;
    if (
      verb &&
      (verb.lower === 'is' || verb.lower === 'will' || verb.lower === 'are' || verb.lower === 'am')
    )
      add(
        context,
        'tense',
        verb,
        verb,
        '主句是过去时（said / told），宾语从句一般也用过去时',
        { is: 'was', am: 'was', are: 'were', will: 'would' }[verb.lower] ?? verb.text,
      );
  }
  // "We arrived late because the train is delayed", "When he arrived, the meeting already starts".
  const because = sentence.findIndex(
    (token) => token.lower === 'because' || token.lower === 'when',
  );
  // A reported truth keeps its present: "The lecture explained that … because they are hard…".
  const REPORTING =
    /^(?:explained|said|stated|argued|noted|showed|found|suggested|claimed|described|mentioned|pointed|concluded|reported|believed|thought)$/;
  if (because >= 0 && past.length > 0 && !past.some((token) => REPORTING.test(token.lower))) {
    const present = finites.find(
      (token) =>
        (token.lower === 'is' || token.lower === 'are' || isThirdPersonForm(token)) &&
        !(
          token.lower === 'is' &&
          sentence[sentence.indexOf(token) + 1]?.pos === 'ADJ' &&
          token.start < sentence[because]!.start
        ),
    );
    if (present)
      add(
        context,
        'tense',
        present,
        present,
        '同一句中前后都在说过去的事，时态应一致',
        pastTense(present.lemma === 'be' ? 'be' : present.lemma),
      );
  }
}

function doubleSubject(context: Context) {
  const { sentence } = context;
  sentence.forEach((pronoun, index) => {
    if (!['he', 'she', 'it', 'they'].includes(pronoun.lower) || index === 0) return;
    const noun = sentence[index - 1]!;
    if (noun.pos !== 'NOUN' && noun.pos !== 'PROPN') return;
    const verb = sentence[index + 1];
    if (!isVerb(verb)) return;
    // The noun phrase must open the sentence: "My father he works…".
    const phrase = sentence.slice(0, index);
    if (
      !phrase.every(
        (token) =>
          ['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON'].includes(token.pos) || token.lower === 'online',
      )
    )
      return;
    if (
      phrase.some(
        (token) =>
          token.pos === 'PRON' &&
          !['my', 'our', 'his', 'her', 'their', 'your', 'its'].includes(token.lower),
      )
    )
      return;
    const plural = isPluralNoun(noun);
    if ((pronoun.lower === 'they') !== (plural === true) && plural !== undefined) {
      if (!(pronoun.lower === 'they' && EITHER_NUMBER.has(noun.lower))) return;
    }
    add(
      context,
      'double-subject',
      pronoun,
      pronoun,
      `主语 ${noun.text} 后又用代词 ${pronoun.text} 重复了主语，去掉代词`,
      '',
    );
  });
}

function connectors(context: Context) {
  const { sentence, words } = context;
  sentence.forEach((token, index) => {
    if (token.lower === 'despite' && sentence[index + 1]?.lower === 'of') {
      const of = sentence[index + 1]!;
      add(
        context,
        'despite-of',
        token,
        of,
        'despite 本身是介词，后面不加 of（或用 in spite of）',
        sameCase(token.text, 'despite'),
      );
    }
  });
  const first = sentence.find((token) => isWord(token));
  const clauseStarts = (words: readonly string[]) =>
    sentence.findIndex(
      (token, index) =>
        words.includes(token.lower) &&
        (index === sentence.indexOf(first!) || sentence[index - 1]?.lower === 'even'),
    );
  const although = clauseStarts(['although', 'though']);
  if (although >= 0) {
    const but = sentence.findIndex(
      (token, index) =>
        index > although && token.lower === 'but' && sentence[index - 1]?.text === ',',
    );
    if (but >= 0)
      add(
        context,
        'although-but',
        sentence[but]!,
        sentence[but]!,
        'although/though 与 but 不能同时使用，去掉 but',
        '',
      );
  }
  const because = clauseStarts(['because', 'since', 'as']);
  if (because >= 0 && /,\s*so\b/.test(words)) {
    const so = sentence.findIndex(
      (token, index) =>
        index > because && token.lower === 'so' && sentence[index - 1]?.text === ',',
    );
    // Only the comma that closes the because-clause: "As incomes rise, more families…, so…" is a list.
    const commas = sentence.slice(because, so - 1).filter((token) => token.text === ',').length;
    if (so >= 0 && commas === 0)
      add(
        context,
        'because-so',
        sentence[so]!,
        sentence[so]!,
        'because/since/as 与 so 不能同时使用，去掉 so',
        '',
      );
  }
}

function runOn(context: Context) {
  const { sentence } = context;
  const first = sentence[0];
  if (!first || SUBORDINATORS.has(first.lower) || first.pos === 'SCONJ' || first.pos === 'ADP')
    return;
  sentence.forEach((comma, index) => {
    if (comma.text !== ',') return;
    const before = sentence.slice(0, index);
    if (
      !before.some(
        (token) =>
          (isVerb(token) && !isIngForm(token) && token.pos !== 'AUX') ||
          ['is', 'are', 'was', 'were', 'am'].includes(token.lower),
      )
    )
      return;
    if (
      before.some(
        (token) =>
          token.pos === 'SCONJ' ||
          [
            'who',
            'which',
            'when',
            'if',
            'while',
            'because',
            'although',
            'though',
            'since',
            'where',
            'whereas',
            'unless',
            'as',
          ].includes(token.lower),
      )
    )
      return;
    let at = index + 1;
    const subjectStart = sentence[at];
    if (!subjectStart) return;
    if (
      [
        'who',
        'which',
        'that',
        'what',
        'where',
        'when',
        'whose',
        'and',
        'but',
        'or',
        'so',
        'yet',
      ].includes(subjectStart.lower)
    )
      return;
    if (
      subjectStart.pos === 'PRON' &&
      ['i', 'he', 'she', 'it', 'we', 'they', 'this', 'others', 'you'].includes(subjectStart.lower)
    )
      at += 1;
    else if (
      subjectStart.lower === 'there' ||
      (subjectStart.lower === 'this' && sentence[at + 1] && isVerb(sentence[at + 1]))
    )
      at += 1;
    else {
      while (sentence[at] && ['DET', 'ADJ'].includes(sentence[at]!.pos)) at += 1;
      if (
        !sentence[at] ||
        sentence[at]!.pos !== 'NOUN' ||
        isPluralNoun(sentence[at]!) === undefined
      )
        return;
      at += 1;
    }
    const verb = sentence[at];
    if (
      !verb ||
      !isVerb(verb) ||
      isIngForm(verb) ||
      (verb.pos === 'VERB' && verb.lower.endsWith('ed') && subjectStart.pos !== 'PRON')
    )
      return;
    // "…, he said" closes a quotation, it does not start a clause.
    if (
      ['said', 'says', 'thinks', 'think', 'believe', 'believes'].includes(verb.lower) &&
      sentence[at + 1]?.pos === 'PUNCT'
    )
      return;
    add(
      context,
      'run-on',
      comma,
      comma,
      '两个完整的句子不能只用逗号连接：改用句号、分号，或加连词（and / so / because）',
      ';',
    );
  });
}

function fragment(context: Context) {
  const { sentence } = context;
  const first = sentence.find((token) => isWord(token));
  const last = sentence.at(-1);
  if (!first || !last) return;
  if (first.lower !== 'because' && first.lower !== 'which') return;
  if (last.text === '?' || sentence.some((token) => token.text === ',' || token.text === ';'))
    return;
  add(
    context,
    'fragment',
    first,
    last.pos === 'PUNCT' ? (sentence.at(-2) ?? last) : last,
    `以 ${first.text} 开头的从句不能单独成句：与前一句合并，或补上主句`,
    first.lower === 'which' ? 'This' : 'This is because',
  );
}

const RULES = [
  agreement,
  verbForm,
  beBase,
  quantifiers,
  uncountable,
  articles,
  tense,
  doubleSubject,
  connectors,
  runOn,
  fragment,
];

/** Every rule over every sentence; findings on the same words are kept once (the first rule's). */
export function findLearnerErrors(sentences: readonly Sentence[]): LearnerFinding[] {
  const findings: LearnerFinding[] = [];
  for (const sentence of sentences) {
    const words = sentence.map((token) => token.lower).join(' ');
    const context: Context = { sentence, words, findings: [] };
    for (const rule of RULES) rule(context);
    for (const finding of context.findings)
      if (!findings.some((kept) => kept.start < finding.end && finding.start < kept.end))
        findings.push(finding);
  }
  return findings.sort((a, b) => a.start - b.start);
}

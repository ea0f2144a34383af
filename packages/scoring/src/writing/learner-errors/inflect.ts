/** Small English inflections for corrections (regular rules and the irregular forms learners meet). */

const IRREGULAR_PARTICIPLE: Record<string, string> = {
  build: 'built',
  write: 'written',
  make: 'made',
  take: 'taken',
  give: 'given',
  find: 'found',
  buy: 'bought',
  bring: 'brought',
  think: 'thought',
  teach: 'taught',
  catch: 'caught',
  know: 'known',
  grow: 'grown',
  show: 'shown',
  see: 'seen',
  do: 'done',
  go: 'gone',
  eat: 'eaten',
  choose: 'chosen',
  speak: 'spoken',
  break: 'broken',
  forget: 'forgotten',
  hold: 'held',
  keep: 'kept',
  leave: 'left',
  lose: 'lost',
  pay: 'paid',
  say: 'said',
  sell: 'sold',
  send: 'sent',
  spend: 'spent',
  tell: 'told',
  understand: 'understood',
  win: 'won',
  begin: 'begun',
  become: 'become',
  come: 'come',
  run: 'run',
  put: 'put',
  cut: 'cut',
  set: 'set',
  hit: 'hit',
  read: 'read',
  feel: 'felt',
  lead: 'led',
  meet: 'met',
  drive: 'driven',
  ride: 'ridden',
  rise: 'risen',
  fall: 'fallen',
  steal: 'stolen',
  wear: 'worn',
  hide: 'hidden',
  draw: 'drawn',
  die: 'died',
  lie: 'lied',
  have: 'had',
  be: 'been',
  get: 'got',
  feed: 'fed',
  hear: 'heard',
};

const IRREGULAR_PAST: Record<string, string> = {
  ...IRREGULAR_PARTICIPLE,
  write: 'wrote',
  take: 'took',
  give: 'gave',
  know: 'knew',
  grow: 'grew',
  show: 'showed',
  see: 'saw',
  do: 'did',
  go: 'went',
  eat: 'ate',
  choose: 'chose',
  speak: 'spoke',
  break: 'broke',
  forget: 'forgot',
  begin: 'began',
  become: 'became',
  come: 'came',
  run: 'ran',
  drive: 'drove',
  ride: 'rode',
  rise: 'rose',
  fall: 'fell',
  steal: 'stole',
  wear: 'wore',
  hide: 'hid',
  draw: 'drew',
  be: 'was',
  win: 'won',
  get: 'got',
};

const IRREGULAR_PLURAL: Record<string, string> = {
  child: 'children',
  person: 'people',
  man: 'men',
  woman: 'women',
  foot: 'feet',
  tooth: 'teeth',
  kind: 'kinds',
  life: 'lives',
  wife: 'wives',
  knife: 'knives',
  half: 'halves',
  leaf: 'leaves',
  country: 'countries',
  city: 'cities',
  family: 'families',
  study: 'studies',
};

const sibilant = /(?:s|x|z|ch|sh|o)$/;

function regularEd(base: string): string {
  if (base.endsWith('e')) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  // One stressed short syllable doubles its last consonant (stop → stopped); longer verbs do not.
  if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(base)) return `${base}${base.at(-1)}ed`;
  return `${base}ed`;
}

export function pastParticiple(base: string): string {
  return IRREGULAR_PARTICIPLE[base] ?? regularEd(base);
}

export function pastTense(base: string): string {
  return IRREGULAR_PAST[base] ?? regularEd(base);
}

export function thirdPerson(base: string): string {
  if (base === 'have') return 'has';
  if (base === 'be') return 'is';
  if (base === 'do') return 'does';
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`;
  return sibilant.test(base) ? `${base}es` : `${base}s`;
}

export function plural(noun: string): string {
  const irregular = IRREGULAR_PLURAL[noun];
  if (irregular) return irregular;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return /(?:s|x|z|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`;
}

/** Keeps a capital first letter when the correction replaces a sentence's first word. */
export function sameCase(original: string, replacement: string): string {
  return /^\p{Lu}/u.test(original)
    ? replacement.charAt(0).toUpperCase() + replacement.slice(1)
    : replacement;
}

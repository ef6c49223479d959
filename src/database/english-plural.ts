/**
 * English plurals as Laravel's `Str::pluralStudly` makes them (its
 * `Pluralizer` over doctrine/inflector's English rules, MIT licensed, whose
 * tables are copied here): a model's default table is the snake case of the
 * plural of its class's last word (`UserProfile` → `user_profiles`,
 * `Person` → `people`).
 */
import { strSnake } from '../php/str-snake.js';

/** Words left as they are (doctrine's uninflected plurals), as one case-insensitive pattern. */
const UNINFLECTED = new RegExp(
  `^(?:${[
    '\\w+media',
    'advice',
    'aircraft',
    'amoyese',
    'art',
    'audio',
    'baggage',
    'bison',
    'borghese',
    'bream',
    'breeches',
    'britches',
    'buffalo',
    'butter',
    'cantus',
    'carp',
    'cattle',
    'chassis',
    'clippers',
    'clothing',
    'coal',
    'cod',
    'coitus',
    'compensation',
    'congoese',
    'contretemps',
    'coreopsis',
    'corps',
    'cotton',
    'data',
    'debris',
    'deer',
    'diabetes',
    'djinn',
    'education',
    'eland',
    'elk',
    'emoji',
    'equipment',
    'evidence',
    'faroese',
    'feedback',
    'fish',
    'flounder',
    'flour',
    'foochowese',
    'food',
    'furniture',
    'gallows',
    'genevese',
    'genoese',
    'gilbertese',
    'gold',
    'headquarters',
    'herpes',
    'hijinks',
    'homework',
    'hottentotese',
    'impatience',
    'information',
    'innings',
    'jackanapes',
    'jeans',
    'jedi',
    'kin',
    'kiplingese',
    'knowledge',
    'kongoese',
    'leather',
    'love',
    'lucchese',
    'luggage',
    'mackerel',
    'Maltese',
    'management',
    'metadata',
    'mews',
    'money',
    'moose',
    'mumps',
    'music',
    'nankingese',
    'news',
    'nexus',
    'niasese',
    'nutrition',
    'offspring',
    'oil',
    'patience',
    'pekingese',
    'piedmontese',
    'pincers',
    'pistoiese',
    'plankton',
    'pliers',
    'pokemon',
    'police',
    'polish',
    'portuguese',
    'proceedings',
    'progress',
    'rabies',
    'rain',
    'research',
    'rhinoceros',
    'rice',
    'salmon',
    'sand',
    'sarawakese',
    'scissors',
    'sea[- ]bass',
    'series',
    'shavese',
    'shears',
    'sheep',
    'siemens',
    'silk',
    'sms',
    'soap',
    'social media',
    'spam',
    'species',
    'staff',
    'sugar',
    'swine',
    'talent',
    'toothpaste',
    'traffic',
    'travel',
    'trousers',
    'trout',
    'tuna',
    'us',
    'vermontese',
    'vinegar',
    'weather',
    'wenchowese',
    'wheat',
    'whiting',
    'wildebeest',
    'wood',
    'wool',
    'yengeese',
    'people',
    'trivia',
    '\\w+ware$',
    'media',
  ].join('|')})$`,
  'i',
);

/** Irregular singular → plural. */
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['atlas', 'atlases'],
  ['axe', 'axes'],
  ['beef', 'beefs'],
  ['blouse', 'blouses'],
  ['brother', 'brothers'],
  ['cafe', 'cafes'],
  ['chateau', 'chateaux'],
  ['niveau', 'niveaux'],
  ['child', 'children'],
  ['canvas', 'canvases'],
  ['cookie', 'cookies'],
  ['corpus', 'corpuses'],
  ['cow', 'cows'],
  ['criterion', 'criteria'],
  ['curriculum', 'curricula'],
  ['demo', 'demos'],
  ['domino', 'dominoes'],
  ['echo', 'echoes'],
  ['foot', 'feet'],
  ['fungus', 'fungi'],
  ['ganglion', 'ganglions'],
  ['gas', 'gases'],
  ['genie', 'genies'],
  ['genus', 'genera'],
  ['goose', 'geese'],
  ['graffito', 'graffiti'],
  ['hippopotamus', 'hippopotami'],
  ['hoof', 'hoofs'],
  ['human', 'humans'],
  ['iris', 'irises'],
  ['larva', 'larvae'],
  ['leaf', 'leaves'],
  ['lens', 'lenses'],
  ['loaf', 'loaves'],
  ['man', 'men'],
  ['medium', 'media'],
  ['memorandum', 'memoranda'],
  ['money', 'monies'],
  ['mongoose', 'mongooses'],
  ['motto', 'mottoes'],
  ['move', 'moves'],
  ['mythos', 'mythoi'],
  ['niche', 'niches'],
  ['nucleus', 'nuclei'],
  ['numen', 'numina'],
  ['occiput', 'occiputs'],
  ['octopus', 'octopuses'],
  ['opus', 'opuses'],
  ['ox', 'oxen'],
  ['passerby', 'passersby'],
  ['penis', 'penises'],
  ['person', 'people'],
  ['plateau', 'plateaux'],
  ['runner-up', 'runners-up'],
  ['safe', 'safes'],
  ['sex', 'sexes'],
  ['sieve', 'sieves'],
  ['soliloquy', 'soliloquies'],
  ['son-in-law', 'sons-in-law'],
  ['syllabus', 'syllabi'],
  ['testis', 'testes'],
  ['thief', 'thieves'],
  ['tooth', 'teeth'],
  ['tornado', 'tornadoes'],
  ['trilby', 'trilbys'],
  ['turf', 'turfs'],
  ['valve', 'valves'],
  ['volcano', 'volcanoes'],
  ['abuse', 'abuses'],
  ['avalanche', 'avalanches'],
  ['cache', 'caches'],
  ['criterion', 'criteria'],
  ['curve', 'curves'],
  ['emphasis', 'emphases'],
  ['foe', 'foes'],
  ['grave', 'graves'],
  ['hoax', 'hoaxes'],
  ['medium', 'media'],
  ['neurosis', 'neuroses'],
  ['save', 'saves'],
  ['wave', 'waves'],
  ['oasis', 'oases'],
  ['valve', 'valves'],
  ['zombie', 'zombies'],
]);

/** The regular rules, the first match wins: a pattern (case-insensitive) and its replacement (`\\1` for group 1). */
const RULES: readonly (readonly [RegExp, string])[] = [
  [/(s)tatus$/i, '\\1\\2tatuses'],
  [/(quiz)$/i, '\\1zes'],
  [/^(ox)$/i, '\\1\\2en'],
  [/([m|l])ouse$/i, '\\1ice'],
  [/(matr|vert|ind)(ix|ex)$/i, '\\1ices'],
  [/(x|ch|ss|sh)$/i, '\\1es'],
  [/([^aeiouy]|qu)y$/i, '\\1ies'],
  [/(hive|gulf)$/i, '\\1s'],
  [/(?:([^f])fe|([lr])f)$/i, '\\1\\2ves'],
  [/sis$/i, 'ses'],
  [/([ti])um$/i, '\\1a'],
  [/(tax)on$/i, '\\1a'],
  [/(c)riterion$/i, '\\1riteria'],
  [/(p)erson$/i, '\\1eople'],
  [/(m)an$/i, '\\1en'],
  [/(c)hild$/i, '\\1hildren'],
  [/(f)oot$/i, '\\1eet'],
  [/(buffal|her|potat|tomat|volcan)o$/i, '\\1\\2oes'],
  [/(alumn|bacill|cact|foc|fung|nucle|radi|stimul|syllab|termin|vir)us$/i, '\\1i'],
  [/us$/i, 'uses'],
  [/(alias)$/i, '\\1es'],
  [/(analys|ax|cris|test|thes)is$/i, '\\1es'],
  [/s$/i, 's'],
  [/^$/i, ''],
  [/$/i, 's'],
];

/** doctrine's `pluralize`: an uninflected word as it is, then an irregular one, then the first regular rule that matches. */
function pluralize(word: string): string {
  if (UNINFLECTED.test(word)) return word;
  const lower = word.toLowerCase();
  const irregular = IRREGULAR.get(lower);
  if (irregular !== undefined) return lower[0] !== word[0] ? irregular[0]!.toUpperCase() + irregular.slice(1) : irregular;
  for (const [pattern, replacement] of RULES) {
    const m = pattern.exec(word);
    if (m === null) continue;
    const replaced = replacement.replace(/\\(\d)/g, (_, n: string) => m[Number(n)] ?? '');
    return word.slice(0, m.index) + replaced + word.slice(m.index + m[0].length);
  }
  return word;
}

function ucfirst(text: string): string {
  return text === '' ? text : text[0]!.toUpperCase() + text.slice(1);
}

/** `Pluralizer::matchCase`: the plural in the word's case (lower, upper, or a capital first). */
function matchCase(plural: string, word: string): string {
  if (word.toLowerCase() === word) return plural.toLowerCase();
  if (word.toUpperCase() === word) return plural.toUpperCase();
  if (ucfirst(word) === word) return ucfirst(plural);
  return plural;
}

/** `Pluralizer::plural($word, 2)`. */
function plural(word: string): string {
  if (word.toLowerCase() === 'recommended' || word.toLowerCase() === 'related' || !/[A-Za-z0-9\u0080-\uffff]$/u.test(word)) return word;
  return matchCase(pluralize(word), word);
}

/** `Str::pluralStudly`: the plural of the last word of a StudlyCase name (`UserProfile` → `UserProfiles`). */
function pluralStudly(name: string): string {
  for (let k = name.length - 1; k >= 1; k--) {
    if (name[k]! >= 'A' && name[k]! <= 'Z') return name.slice(0, k) + plural(name.slice(k));
  }
  return plural(name);
}

/**
 * The table Laravel's `Model::getTable()` gives a model that names none:
 * the snake case of the plural of its class basename
 * (`App\Models\UserProfile` → `user_profiles`, `App\Models\Person` → `people`).
 */
export function conventionalTable(modelClass: string): string {
  const basename = modelClass.slice(modelClass.lastIndexOf('\\') + 1);
  return strSnake(pluralStudly(basename));
}

/**
 * "Someone said they are on it": the phrases a contributor writes in an issue's comments to take it, in several
 * languages. A comment matches when it contains one (ignoring case, accents of apostrophes and spacing) and does
 * not say the opposite ("not working on it", "no longer working on this", "can't take it").
 */
export const CLAIM_PHRASES: readonly string[] = Object.freeze([
  // English
  "i'd like to work on this",
  "i'd like to work on it",
  'i would like to work on this',
  'i would like to work on it',
  "i'd like to take this",
  'i want to work on this',
  'i want to work on it',
  'can i take this',
  'can i take it',
  'can i work on this',
  'can i work on it',
  'could i work on this',
  'may i work on this',
  'can i pick this up',
  'can i be assigned',
  'could you assign me',
  'please assign me',
  'assign me',
  'assign this to me',
  'assign it to me',
  '/assign',
  '/take',
  '/claim',
  'working on it',
  'working on this',
  "i'll take it",
  "i'll take this",
  'i will take this',
  "i'll work on this",
  "i'll work on it",
  'i will work on this',
  "i'm on it",
  'let me take this',
  'i can work on this',
  "i'd love to work on this",
  "i'm interested in working on this",
  // Spanish
  'puedo trabajar en esto',
  'me gustaría trabajar en esto',
  'quiero trabajar en esto',
  'asígnamelo',
  'estoy trabajando en esto',
  // Portuguese
  'posso trabalhar nisso',
  'gostaria de trabalhar nisso',
  'quero trabalhar nisso',
  'pode me atribuir',
  'estou trabalhando nisso',
  // French
  'je peux travailler dessus',
  'je voudrais travailler sur',
  "j'aimerais travailler sur",
  "je m'en occupe",
  'assignez-moi',
  // German
  'ich würde gerne daran arbeiten',
  'ich möchte daran arbeiten',
  'kann ich das übernehmen',
  'ich arbeite daran',
  'ich übernehme das',
  // Italian
  'posso lavorarci',
  'vorrei lavorarci',
  'ci lavoro io',
  // Chinese
  '我来做',
  '我可以做',
  '我想做这个',
  '请分配给我',
  '我来处理',
  // Japanese
  '担当します',
  '私がやります',
  // Russian
  'могу взять',
  'я возьму',
  'возьму это',
]);

/** Phrases that turn a match around ("I'm not working on it any more", "is anyone working on it?"). */
const NEGATIONS: readonly string[] = [
  'anyone working on',
  'anybody working on',
  'someone working on',
  'somebody working on',
  'not working on',
  'no longer working',
  'stopped working on',
  "can't take",
  'cannot take',
  "won't take",
  'not going to work on',
  'unassign me',
  'no estoy trabajando',
  'não estou trabalhando',
  'nicht mehr daran',
];

/** Lower case, straight apostrophes, single spaces: how phrases and comments are compared. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/\s+/g, ' ');
}

const PHRASES = CLAIM_PHRASES.map(normalise);
const NEGATION_PHRASES = NEGATIONS.map(normalise);
/** Slash commands count only as a word of their own (not inside a URL path such as /assignments). */
const SLASH_COMMAND = /(^|\s)\/(assign|take|claim)(\s|$|[.!,])/;

/** True when the comment says its author is taking the issue. */
export function isClaimComment(body: string): boolean {
  const text = normalise(body);
  if (NEGATION_PHRASES.some((negation) => text.includes(negation))) return false;
  if (SLASH_COMMAND.test(text)) return true;
  return PHRASES.some((phrase) => !phrase.startsWith('/') && text.includes(phrase));
}

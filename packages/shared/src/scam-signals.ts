/**
 * Scam signals (issue 21, "Scam shield"): what in a chat message looks like the romance-scam
 * script — a request for money or phone credit, a phone number, an invitation to leave the app,
 * a link. Pure and without zod, so the web may import it on any screen; the server stores the
 * verdict as a flag on the message and the receiver's client shows the warning.
 *
 * French as members write it: accents optional, any case, SMS spelling (« stp », « evoi moi »,
 * « 5mil »), digits grouped with spaces or dots. The text is normalised once, then matched on
 * words. Precision comes first — ordinary talk must almost never be flagged — so a word that also
 * has an everyday sense (« crédit » of a motorbike, « recharge » of a phone battery, a football
 * « transfert », « envoyé » a CV, an amount paid at the market) only counts together with a
 * request. Measured by `npm run bench:scam` on the labelled set in bench/scam-messages.ts.
 */

export interface TScamSignals {
  /** A request for money or credit: a payment channel, or a request with an amount or money. */
  money: boolean;
  /** A phone number, written with digits (the announcements' rule) or with French words. */
  phone: boolean;
  /** An invitation to leave the app: WhatsApp, Telegram, IMO and the like, wa.me, t.me. */
  offApp: boolean;
  /** A web address. */
  link: boolean;
}

/**
 * The announcements' phone rule (`hasPhoneNumber` in announcements.ts, PHONE_MIN_DIGITS = 8):
 * 8 or more digits with at most three spaces, dots or dashes between two of them, after NFKC
 * (full-width digits count). Restated here rather than imported because announcements.ts builds
 * zod schemas and this rule must not pull zod in; scam-signals.test.ts checks that both agree.
 */
const PHONE_RE = /\d(?:[\s.-]{0,3}\d){7,}/u;

/** Lower case, NFKC, accents stripped, typographic apostrophes as spaces, spacing collapsed. */
function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('fr')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`´ʼ]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words of a normalised text, separated by single spaces and padded with one at each end, so
 * a pattern can require whole words with ` word `. Punctuation becomes a space; a letter tripled
 * or more for emphasis (« stppp », « whatsappp ») counts once; digit groups of an amount written
 * « 5 000 » or « 5.000 » are joined (« 5000 »).
 */
function wordsOf(norm: string): string {
  const words = norm
    .replace(/[^a-z0-9œæ]+/g, ' ')
    .replace(/([a-z])\1{2,}/g, '$1')
    .replace(/(\d) (?=\d{3}\b)/g, '$1')
    .trim();
  return ` ${words} `;
}

// --- phone numbers ---------------------------------------------------------------------------

/** The letter o stuck to digits is a zero (« 7O 12 34 56 »). */
const withZeros = (norm: string) => norm.replace(/(?<=\d)o\b|\bo(?=\d)/g, '0');

const NUMBER_WORDS = new Set([
  'zero',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'vingt',
  'vingts',
  'trente',
  'quarante',
  'cinquante',
  'soixante',
]);
/** A phone read out in words (« sept zéro, douze, trente-quatre… »): this many number words. */
const SPOKEN_PHONE_MIN_WORDS = 6;

/** True when the words hold a run of number words (and digits, « et ») long enough for a phone. */
function hasSpokenPhone(words: string): boolean {
  let run = 0;
  let spoken = 0;
  for (const w of words.trim().split(' ')) {
    if (NUMBER_WORDS.has(w) || /^\d{1,2}$/.test(w)) {
      run += 1;
      if (NUMBER_WORDS.has(w)) spoken += 1;
      if (run >= SPOKEN_PHONE_MIN_WORDS && spoken > 0) return true;
    } else if (w !== 'et') {
      run = 0;
      spoken = 0;
    }
  }
  return false;
}

// --- leaving the app ---------------------------------------------------------------------------

/** Messaging apps by name, as spelt: whatsapp, whats app, watsap, wasap, wtsp, télégram(me)… */
const OFF_APP_WORDS =
  / (?:w+h?a+t*s+ ?a+p+|wh?t?sp|w+ha?tsp|telegram+e?|imo|viber|messenger|snap(?:chat)?|signal app) /;
/** Their short links. */
const OFF_APP_LINK = /(?:^|[^a-z0-9])(?:wa|t)\.me\b/;

// --- links -----------------------------------------------------------------------------------

const TLDS = 'com|net|org|info|biz|xyz|site|online|app|link|bf|ci|fr|me|ly|io|gl|cc|tk|co';
const LINK_RE = new RegExp(
  `\\bhttps?://|\\bwww\\.|\\b[a-z0-9][a-z0-9-]*\\.(?:${TLDS})(?:/|\\b(?!\\.[a-z]))`,
);

// --- money -----------------------------------------------------------------------------------

/** Payment channels: naming one in a first chat is the request. */
const CHANNEL_RE = new RegExp(
  [
    ' orange ?money ',
    ' moov ?money ',
    ' mobile ?money ',
    ' western ?union ',
    ' money ?gram ',
    ' (?:par|sur|mon|ton|en|via) (?:om|wave) ',
    ' (?:un|une) wave ',
    ' (?:numero|num|compte) (?:orange|moov|om) ',
    ' (?:par|sur) (?:orange|moov) ',
  ].join('|'),
);

const UNIT = '(?:f|fr|frs|franc|francs|fcfa|cfa|f cfa|xof|mil|mille|milles|k|balles)';
const NUMBER_WORD_AMOUNT =
  '(?:un|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|quinze|vingt|trente|quarante|cinquante|cent)';
/** An amount with its unit: « 5000f », « 5 000 fcfa », « 5mil », « 10 mille », « cinq mille ». */
const AMOUNT_WITH_UNIT_RE = new RegExp(` \\d+ ?${UNIT} | ${NUMBER_WORD_AMOUNT} (?:mil|mille) `);
/**
 * A round bare number (500, 2000, 15000), the usual way an amount is asked for; not the
 * quartier Ouaga 2000.
 */
const ROUND_NUMBER_RE = / (?<!ouaga )[1-9]\d*00 /;

/** What is asked for, besides an amount. */
const MONEY_WORD_RE =
  / (?:argent|l argent|sous|wari|jetons|fric|credits?|unites?|recharges?|recharger|transferts?|depots?|frais|cash|de quoi manger) /;

const SEND = '(?:e|a)n?vo[iy][a-z]*';
/** Asking: a request verb, a plea or a politeness marker (« envoie moi », « aide moi », « stp »). */
const REQUEST_RE = new RegExp(
  [
    ` ${SEND} (?:moi|mi|nous|m) `,
    ` (?:m|me|mi) ${SEND} `,
    ` (?:envoie|envoi|envoies|envoyez|evoi|envois) `,
    ' (?:donne|donnes|donnez|prete|pretes|pretez|aide|aides|aidez|fais|fait|faites|mets|met|achete|depanne|paie|paye|recharge|envoie) (?:moi|mi|m) ',
    ' (?:m|me) (?:aider|preter|donner|depanner|recharger|acheter|envoyer|faire) ',
    ' (?:recharger|depanner|participer|soutien|geste|rembourse|rembourser) ',
    ' (?:tu peux|peux tu|tu pourrais|pourrais tu|tu veux bien) ',
    ' (?:besoin|il me faut|il faut|il me manque|me manque) ',
    ' (?:stp|svp|s il te plait|s il vous plait|urgent|seulement|suffit|juste) ',
  ].join('|'),
);

/**
 * Credit or a transfer with its amount right beside it (« transfert de 7500 », « 1000 de crédit »,
 * « une recharge de 2000 »): asked for even without a request verb.
 */
const CREDIT_AMOUNT_RE =
  / (?:credit|unites|recharge|transfert|depot) (?:de |d )?\d+ | \d+ ?(?:f |fr |francs? |fcfa )?(?:de |d )(?:credit|unites|recharge) /;

function hasMoneyRequest(words: string): boolean {
  if (CHANNEL_RE.test(words) || CREDIT_AMOUNT_RE.test(words)) return true;
  if (!REQUEST_RE.test(words)) return false;
  return (
    MONEY_WORD_RE.test(words) || AMOUNT_WITH_UNIT_RE.test(words) || ROUND_NUMBER_RE.test(words)
  );
}

// --- the rule --------------------------------------------------------------------------------

/** Each scam signal found in a message. */
export function scamSignals(text: string): TScamSignals {
  const norm = normalise(text);
  const words = wordsOf(norm);
  return {
    money: hasMoneyRequest(words),
    phone: PHONE_RE.test(withZeros(norm)) || hasSpokenPhone(words),
    offApp: OFF_APP_WORDS.test(words) || OFF_APP_LINK.test(norm),
    link: LINK_RE.test(norm),
  };
}

/**
 * True when a message carries any scam signal. A lone phone number and a lone link count: in a
 * first chat both are the way off the app, where nobody can help, and the bench's ordinary
 * first conversations hold neither (see bench/scam-signals.ts for the figures with and without).
 */
export function hasScamSignal(text: string): boolean {
  const s = scamSignals(text);
  return s.money || s.phone || s.offApp || s.link;
}

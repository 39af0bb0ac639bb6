import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** One word of a reply as the English model reads it. */
export type Token = {
  /** Lower case, contractions expanded ("don't" gives "do" and "not"). */
  normal: string;
  lemma: string;
  /** Universal part of speech: VERB, AUX, NOUN, PRON... */
  pos: string;
  /** word, number, punctuation, emoji, currency, symbol... */
  type: string;
};

// Loading the model takes a moment and some memory, so one instance serves every request.
let nlp: ReturnType<typeof winkNLP> | null = null;

function instance() {
  nlp ??= winkNLP(model, ['sbd', 'negation', 'pos']);
  return nlp;
}

/** The tokens of a text. */
export function tokenize(text: string): Token[] {
  const { its } = instance();
  const tokens = instance().readDoc(text).tokens();
  const normal = tokens.out(its.normal) as string[];
  // The package's typings give its.lemma a signature out() does not accept; at run time it works.
  const lemma = tokens.out(its.lemma as unknown as typeof its.normal) as string[];
  const pos = tokens.out(its.pos) as string[];
  const type = tokens.out(its.type) as string[];
  return normal.map((n, i) => ({ normal: n, lemma: lemma[i]!, pos: pos[i]!, type: type[i]! }));
}

/**
 * Lower case without accents, so "más", "mas" and "MAS" read alike; phones' curly apostrophes
 * ("don’t") become straight ones.
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[\u2018\u2019\u02bc`´]/g, "'").toLowerCase();
}

// Function words and letters that only Spanish replies use.
const SPANISH_HINT = /[ñáéíóú¿¡]|\b(?:el|las|los|esta|está|quiero|necesito|pero|muy|mas tarde|ya no|no puedo|por favor|ma[nñ]ana|jueves|viernes|lunes|martes|mi[eé]rcoles|s[aá]bado|domingo|hoy|tarde|tengo|gracias|carro|se|lo|mi|es|de)\b/i;

/** Whether the reply reads as Spanish (the dealerships' second language). */
export function looksSpanish(text: string): boolean {
  return SPANISH_HINT.test(text);
}

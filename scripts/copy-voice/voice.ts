// Finds Rioplatense voseo ("querés", "sos", "agendá", "sumate") in Spanish copy, so that everything we
// write keeps one voice: tú. Pure text in, hits out; which texts to read is shipped-copy.ts's business.
//
// Voseo is mostly regular, so most of it is caught by shape, not by a word list:
// - the present ends in a stressed -ás/-és/-ís ("querés", "sentís"), which tú never writes except in a
//   handful of words listed in NOT_VOSEO ("estás", "más", "después", "país") and in the future tense
//   ("podrás", "serás"), told apart by its ending;
// - the imperative of -ar verbs ends in a stressed -á ("agendá", "reservá"); the same exceptions apply
//   ("está", "acá", "será").
// What shape cannot decide is listed:
// - presents and imperatives that look like a future ("mirás", "esperás", "mirá", "prepará");
// - imperatives of -er/-ir verbs ("hacé", "decí"). Those of regular -ir verbs ("elegí", "escribí") are
//   also the first person of the past ("yo elegí"): they are reported as `ambiguous`, and not at all
//   right after a word that only stands before a conjugated verb ("lo elegí", "que escribí", "me sentí"),
//   since an imperative carries its pronouns after it;
// - imperatives with pronouns attached, which lose their accent ("sumate", "escribime", "contame"): found
//   by taking the pronouns off and looking the imperative up ("sumá", "escribí", "contá").

export interface VoseoHit {
  word: string;
  /** Offset of the word in the text. */
  index: number;
  /** `ambiguous`: also a first-person past ("elegí"); only the reading tells. */
  kind: 'voseo' | 'ambiguous';
}

const words = (list: string) => new Set(list.trim().split(/\s+/));

/** Tú writes these too: accented endings that are not voseo, and a noun the pronoun rule would misread. */
const NOT_VOSEO = words(`
  más jamás atrás detrás demás además quizás compás estás satanás ananás mamás papás sofás tomás nicolás jonás
  través después interés estrés revés envés inglés francés cortés japonés portugués holandés escocés marqués
  burgués exprés ciprés andrés inés estés cafés bebés comités clichés purés porqués
  país anís parís esquís rubís colibrís maniquís ajís bisturís
  está acá allá mamá papá sofá ojalá quizá maná panamá canadá alá
  animales
`);

/** The pronoun and the verb forms no pattern reaches: presents and imperatives shaped like a future. */
const VOSEO_WORDS = words(`
  vos sos
  mirás respirás tirás admirás aspirás inspirás suspirás retirás girás comparás separás preparás declarás
  aclarás parás reparás disparás esperás liberás considerás generás superás operás acelerás exagerás
  recuperás enterás alterás tolerás celebrás cobrás nombrás vibrás equilibrás sembrás cerrás borrás encerrás
  agarrás narrás
  mirá respirá tirá admirá aspirá inspirá retirá girá compará separá prepará declará aclará pará repará
  esperá liberá considerá generá superá recuperá exagerá enterá alterá tolerá celebrá cobrá nombrá vibrá
  equilibrá sembrá cerrá borrá encerrá agarrá narrá
`);

/** Imperatives of -er and irregular -ir verbs: never anything else. */
const VOSEO_IMPERATIVES = words(`
  hacé tené poné volvé leé releé respondé sostené conocé reconocé recorré aprendé entendé comprendé comé corré
  perdé ofrecé mové devolvé resolvé prometé sabé mantené obtené detené contené proponé disponé suponé atendé
  encendé defendé escondé meté vendé rompé vencé convencé crecé merecé agradecé parecé permanecé establecé
  fortalecé atrevé comprometé tendé
  decí vení conducí traducí producí reducí introducí bendecí predecí
`);

/** Imperatives of regular -ir verbs (and "creé"): the same letters as "yo escribí", "yo creé". */
const AMBIGUOUS = words(`
  escribí reescribí describí inscribí elegí seguí conseguí perseguí salí sentí abrí cubrí descubrí repetí
  viví reviví conviví pedí despedí medí serví vestí compartí permití admití omití transmití recibí decidí
  dormí subí partí construí destruí incluí contribuí dividí sugerí preferí invertí convertí advertí cumplí
  asumí resumí insistí existí corregí dirigí exigí imprimí definí prohibí uní reuní añadí difundí
  confundí sumergí surgí discutí sonreí oí creé
`);

/** -ar imperatives that also appear with pronouns attached ("sumate", "contame", "anotalo"). */
const AR_IMPERATIVES_WITH_PRONOUNS = words(`
  sumá animá fijá regalá dejá acordá preguntá quedá llevá acomodá contá sentá tomá avisá mandá llamá
  guardá probá quemá usá enganchá cuidá achicá subrayá anotá soltá entregá abrazá hablá mostrá perdoná
  imaginá visualizá escuchá observá sacá relajá tranquilizá andá reprogramá acercá ubicá ocupá calmá
  cuestioná recordá olvidá aprovechá pensá buscá grabá copiá dibujá pegá marcá levantá quitá prestá
  registrá bancá apurá organizá agendá descargá formulá acompañá mirá prepará respirá cerrá esperá tirá
`);

/** Words that stand before a conjugated verb and never before an imperative. */
const BEFORE_CONJUGATED = words(`yo me te se lo la le los las les nos no que ya nunca también cuando porque si`);

const FUTURE_PRESENT = /(?:arás|erás|irás|drás|brás|rrás)$/;
const FUTURE_THIRD = /(?:ará|erá|irá|drá|brá|rrá)$/;
const PRONOUNS = /(?:me|te|se|nos|los|las|les|lo|la|le)$/;
const ACCENT: Record<string, string> = { a: 'á', e: 'é', i: 'í' };

// VOSEO_WORDS is left out on purpose: its -rá imperatives with "-te" spell English words ("generate",
// "separate", "celebrate") that code strings carry; the ones that take pronouns are listed above.
function isImperative(base: string): boolean {
  return VOSEO_IMPERATIVES.has(base) || AMBIGUOUS.has(base) || AR_IMPERATIVES_WITH_PRONOUNS.has(base);
}

/** "sumate" → "sumá", "escribime" → "escribí", "contámelo" → "contá"; null when it is not that shape. */
function imperativeUnderPronouns(word: string): string | null {
  const one = PRONOUNS.exec(word);
  if (!one) return null;
  let base = word.slice(0, one.index);
  const two = PRONOUNS.exec(base);
  // Two pronouns keep the written accent ("contámelo"); one drops it ("contame").
  if (two && /[áéí]$/.test(base.slice(0, two.index))) return base.slice(0, two.index);
  if (/[áéíóú]/.test(base)) return null;
  const last = base.at(-1);
  if (!last || !(last in ACCENT) || base.length < 3) return null;
  base = base.slice(0, -1) + ACCENT[last];
  return base;
}

function classify(word: string, previous: string | undefined): VoseoHit['kind'] | null {
  if (NOT_VOSEO.has(word)) return null;
  if (VOSEO_WORDS.has(word) || VOSEO_IMPERATIVES.has(word)) return 'voseo';
  if (AMBIGUOUS.has(word)) return previous !== undefined && BEFORE_CONJUGATED.has(previous) ? null : 'ambiguous';
  if (/[áéí]s$/.test(word) && word.length > 3) {
    if (word.endsWith('rás') && (FUTURE_PRESENT.test(word) || word === 'harás')) return null;
    return 'voseo';
  }
  if (/á$/.test(word) && word.length > 2) {
    if (FUTURE_THIRD.test(word) || word === 'hará') return null;
    return 'voseo';
  }
  const base = imperativeUnderPronouns(word);
  if (base && isImperative(base)) return 'voseo';
  return null;
}

const WORD = /[\p{L}\p{M}]+/gu;

/** Every voseo form in `text`, in order. */
export function findVoseo(text: string): VoseoHit[] {
  const hits: VoseoHit[] = [];
  let previous: string | undefined;
  let previousEnd = -1;
  for (const match of text.normalize('NFC').matchAll(WORD)) {
    const word = match[0].toLowerCase();
    const joined = previousEnd >= 0 && /^\s+$/.test(text.slice(previousEnd, match.index));
    const kind = classify(word, joined ? previous : undefined);
    if (kind) hits.push({ word: match[0], index: match.index, kind });
    previous = word;
    previousEnd = match.index + match[0].length;
  }
  return hits;
}

/**
 * "satisfecha o satisfecho", "ni sola ni solo", "invitado/a": a choice between genders reads like a form. (A group named
 * twice, "amigas y amigos", is how people speak and is left alone.)
 */
export function findGenderedPairs(text: string): string[] {
  const pairs = /(?<!\p{L})(?:(\p{L}+?)([ao])(s?) (?:o|ni) \1(?!\2)[ao]\3|\p{L}+[ao]s?\/[ao]s?)(?!\p{L})/giu;
  return [...text.normalize('NFC').matchAll(pairs)].map((m) => m[0]);
}

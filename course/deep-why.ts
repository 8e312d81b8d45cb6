// Activity 4, the seven levels of why: its constants, the choice of
// target areas, the progress rule and its fixed texts, shared by the server, the worker and the page.
import { areasByEarlierScore } from './areas';

export const WHY_LEVELS = 7;
export const FOCUS_AREAS = 3;
/** The focus areas are chosen among the 7 lowest-rated areas of the wheel. */
export const TARGET_AREAS = 7;
export const MAX_ANSWER = 10_000;
/** 'Finalizar ahora y ver el resumen' is offered from the second area (index 1). */
export const EARLY_FINISH_FROM_AREA = 1;

/** The 7 lowest-rated areas, ascending score (ties in the wheel's order); none without ratings. */
export function targetAreaIdsFrom(ratings: Readonly<Record<string, number>>): string[] {
  if (Object.keys(ratings).length === 0) return [];
  return areasByEarlierScore(ratings)
    .slice(0, TARGET_AREAS)
    .map((a) => a.id);
}

/** Progress = (7 × area index + level) / (7 × areas), as a fraction 0–1. */
export function whyProgress(areaIndex: number, levelIndex: number, areas: number): number {
  if (areas <= 0) return 0;
  return Math.min(1, Math.max(0, (WHY_LEVELS * areaIndex + levelIndex) / (WHY_LEVELS * areas)));
}

// The fallback questions when the AI cannot answer.
export const FIRST_FALLBACK = 'Has descrito una visión poderosa. ¿Por qué es tan importante para ti hacerla realidad?';
export const noFutureFallback = (area: string) => `Con base en tu realidad actual y tu visión futura, ¿por qué es importante para ti mejorar en "${area}"?`;
/** Below this length an answer carries no idea worth extracting. */
export const MIN_ANSWER_FOR_IDEA = 15;

/** At most `max` characters of `text`, ending at a whole word: a word cut by the limit is left out (one
 * word longer than the limit is cut at it). */
function wordsWithin(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  if (!/[\p{L}\p{N}]/u.test(text[max]!)) return head;
  const lastGap = head.search(/\s\S*$/u);
  return lastGap > 0 ? head.slice(0, lastGap) : head;
}
const trailingPunctuation = /[\s.,;:!?¡¿…\-–—]+$/u;

/** `text` whole when it fits in `max` characters, else its words within them and '…'. */
export function clipAtWord(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${wordsWithin(trimmed, max).replace(trailingPunctuation, '')}…`;
}

/**
 * When no idea can be extracted, the answer itself is quoted: its first 50 characters followed by an
 * ellipsis. The 50 are a limit, not a cut point: the quote ends at the last whole word within them (never
 * half a word), and the ellipsis always follows, as the quote stands for the whole answer.
 */
export const IDEA_FALLBACK_LENGTH = 50;
export const ideaFallback = (answer: string) => `${wordsWithin(answer.trim(), IDEA_FALLBACK_LENGTH).replace(trailingPunctuation, '')}…`;

export const nextQuestion = (idea: string) => `Dices: «${idea.replace(/[«»"]/g, '').trim()}». ¿Y por qué es tan importante eso para ti?`;
export const SHORT_ANSWER_QUESTION = '¿Y por qué es importante eso para ti? Tómate un momento y ve un poco más profundo.';

export interface WhyQuestionInput {
  areaTitle: string;
  levelIndex: number;
  currentText?: string | null;
  futureText?: string | null;
  previousAnswer?: string | null;
}

/**
 * The question of a level when no AI answers (none configured, the provider down, or the server out of
 * reach): the first level's texts by whether there is a future vision; later levels quote the previous
 * answer, or ask to go deeper after one too short to quote.
 */
export function fallbackWhyQuestion(input: WhyQuestionInput): string {
  if (input.levelIndex === 0) return input.futureText?.trim() ? FIRST_FALLBACK : noFutureFallback(input.areaTitle);
  const answer = input.previousAnswer?.trim() ?? '';
  return answer.length < MIN_ANSWER_FOR_IDEA ? SHORT_ANSWER_QUESTION : nextQuestion(ideaFallback(answer));
}

// The deep why needs the wheel first (the server's 409 and the page's error say the same).
export const NEEDS_WHEEL = "Debes completar 'Rueda de la Vida' primero.";

// Activity 4: the summary's texts when something is missing.
export const SUMMARY_TITLE = 'Has encontrado tus motores';
export const NO_REFLECTION = 'No se encontró tu reflexión para esta área.';
export const NO_VISION = 'No se encontró tu visión para esta área.';
export const NO_FINAL_WHY = 'No se completó el porqué final.';

// ai.why-question: the next question of the seven levels of why, generated on the server with Gemini.
// Without a key, on an error or a timeout, the fixed fallback texts answer instead: the learner is
// never blocked.
import { GoogleGenAI } from '@google/genai';
import { z } from 'zod';
import {
  fallbackWhyQuestion,
  FIRST_FALLBACK,
  ideaFallback,
  MIN_ANSWER_FOR_IDEA,
  nextQuestion,
  noFutureFallback,
  SHORT_ANSWER_QUESTION,
  type WhyQuestionInput,
} from '../../course/deep-why';
import { defineJob } from '../define';
import type { AiFallbackReason } from '../metrics';

export { FIRST_FALLBACK, ideaFallback, MIN_ANSWER_FOR_IDEA, nextQuestion, noFutureFallback, SHORT_ANSWER_QUESTION, type WhyQuestionInput };

export const AI_WHY_QUESTION = 'ai.why-question';
export const PROMPT_VERSION = 'why-v1';

export interface WhyQuestion {
  question: string;
  source: 'ai' | 'fallback';
  model: string | null;
  promptVersion: string;
  /** How the provider answered when it was asked: absent when it was not (no key, nothing to ask). */
  provider?: 'ok' | 'failed';
}

/** A question made without asking any AI. */
export const fallbackOnly = (input: WhyQuestionInput): WhyQuestion => ({
  question: fallbackWhyQuestion(input),
  source: 'fallback',
  model: null,
  promptVersion: PROMPT_VERSION,
});

export interface AiConfig {
  apiKey?: string;
  model: string;
  baseUrl?: string;
  timeoutMs: number;
}

const VOICE =
  'Eres una coach holística cálida y directa que acompaña a una persona en el ejercicio de los 7 niveles del porqué. ' +
  'Hablas en español neutro, de tú, con frases breves. Responde solo con lo pedido: sin saludos, sin explicaciones, sin comillas.';

export function firstQuestionPrompt(input: WhyQuestionInput): string {
  return [
    VOICE,
    `Área de vida: ${input.areaTitle}.`,
    `Cómo la vive hoy (su realidad actual): ${input.currentText?.trim() || '(no lo escribió)'}`,
    `Cómo la imagina en su futuro ideal: ${input.futureText?.trim()}`,
    'Escribe UNA sola pregunta que empiece el primer nivel del porqué: por qué es importante para esta persona pasar de esa realidad a esa visión. Máximo 30 palabras.',
  ].join('\n');
}

export function coreIdeaPrompt(answer: string): string {
  return [
    VOICE,
    `Respuesta de la persona: ${answer.trim()}`,
    'Resume en una frase breve (máximo 12 palabras) la idea central de esa respuesta, en primera persona.',
  ].join('\n');
}

/** One line of plain text: the model's first line, without quotes or a trailing label. */
function clean(text: string | undefined): string | undefined {
  const line = text
    ?.split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  return line?.replace(/^["«“]+|["»”]+$/g, '').trim() || undefined;
}

/** `onFallback`: told each time the fixed texts answer instead of the provider, and why (the operator's metrics). */
export function createWhyQuestionGenerator(config: AiConfig, onFallback: (reason: AiFallbackReason) => void = () => {}) {
  const client = config.apiKey
    ? new GoogleGenAI({ apiKey: config.apiKey, httpOptions: { apiVersion: 'v1beta', ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}) } })
    : undefined;

  async function ask(prompt: string): Promise<string | undefined> {
    if (!client) return undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      // The abort closes a hung request's connection too; the race below is what bounds the wait.
      const call = client.models.generateContent({
        model: config.model,
        contents: prompt,
        config: { temperature: 0.7, maxOutputTokens: 120, abortSignal: AbortSignal.timeout(config.timeoutMs) },
      });
      const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), config.timeoutMs)));
      const response = await Promise.race([call, timeout]);
      return clean(response?.text);
    } catch {
      return undefined;
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  return async function generate(input: WhyQuestionInput): Promise<WhyQuestion> {
    const fallback = fallbackOnly(input);
    // Nothing to ask: no key, no future vision for the first level, an answer too short for an idea.
    const answer = input.previousAnswer?.trim() ?? '';
    const nothingToAsk = input.levelIndex === 0 ? !input.futureText?.trim() : answer.length < MIN_ANSWER_FOR_IDEA;
    if (!client || nothingToAsk) {
      onFallback(client ? 'nothing_to_ask' : 'no_key');
      return fallback;
    }
    const asked = await ask(input.levelIndex === 0 ? firstQuestionPrompt(input) : coreIdeaPrompt(answer));
    if (!asked) {
      onFallback('provider_failed');
      return { ...fallback, provider: 'failed' };
    }
    const question = input.levelIndex === 0 ? asked : nextQuestion(asked);
    return { question, source: 'ai', model: config.model, promptVersion: PROMPT_VERSION, provider: 'ok' };
  };
}

/** Deep-why questions generated at the same time by one process. */
export const AI_WORKERS = 8;

/** The texts a question is made from: they wait in why_question_inputs, never in the job. */
export interface WhyQuestionTexts {
  currentText?: string | null;
  futureText?: string | null;
  previousAnswer?: string | null;
}

export const WhyQuestionJob = z.object({
  /** The signed-in asker, or null for a guest (nothing is stored for guests). */
  userId: z.string().nullable(),
  areaId: z.string(),
  questionId: z.string(),
  areaTitle: z.string(),
  levelIndex: z.number().int().min(0),
  // Jobs queued before the texts moved out of the payload still carry them.
  currentText: z.string().nullish(),
  futureText: z.string().nullish(),
  previousAnswer: z.string().nullish(),
});
export type WhyQuestionJob = z.infer<typeof WhyQuestionJob>;

export interface WhyQuestionDeps {
  generate: (input: WhyQuestionInput) => Promise<WhyQuestion>;
  /** Records the question in the signed-in asker's stream. */
  record: (job: WhyQuestionJob & WhyQuestionTexts, q: WhyQuestion) => Promise<void>;
  /** The question's texts (why_question_inputs), and their deletion once the question is made. */
  texts: { of(questionId: string): Promise<WhyQuestionTexts | undefined>; forget(questionId: string): Promise<void> };
}

export const whyQuestion = defineJob({
  name: AI_WHY_QUESTION,
  payload: WhyQuestionJob,
  // A learner waits for this one: few quick retries, then the page shows the fallback question. A call mostly
  // waits on Gemini (up to AI_TIMEOUT_MS): several run at once, or a hanging provider makes the fifth learner
  // wait five timeouts.
  options: {
    retryLimit: 2,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 10,
    expireInSeconds: 60,
    deleteAfterSeconds: 24 * 3600,
    work: { pollingIntervalSeconds: 0.5, localConcurrency: AI_WORKERS },
  },
  handler: (deps: WhyQuestionDeps) => async (job) => {
    const input = { ...job, ...(await deps.texts.of(job.questionId)) };
    const q = await deps.generate(input);
    if (job.userId) await deps.record(input, q);
    await deps.texts.forget(job.questionId);
    return q;
  },
});

// ai.why-question: the next question of the seven levels of why, generated on the server with Gemini.
// Without a key, on an error or a timeout, the fixed fallback texts answer instead: the learner is
// never blocked.
import { GoogleGenAI } from '@google/genai';
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
export const fallbackOnly = (input: WhyQuestionInput): WhyQuestion => ({ question: fallbackWhyQuestion(input), source: 'fallback', model: null, promptVersion: PROMPT_VERSION });

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
  return [VOICE, `Respuesta de la persona: ${answer.trim()}`, 'Resume en una frase breve (máximo 12 palabras) la idea central de esa respuesta, en primera persona.'].join('\n');
}

/** One line of plain text: the model's first line, without quotes or a trailing label. */
function clean(text: string | undefined): string | undefined {
  const line = text?.split('\n').map((l) => l.trim()).find(Boolean);
  return line?.replace(/^["«“]+|["»”]+$/g, '').trim() || undefined;
}

export function createWhyQuestionGenerator(config: AiConfig) {
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
    if (!client || nothingToAsk) return fallback;
    const asked = await ask(input.levelIndex === 0 ? firstQuestionPrompt(input) : coreIdeaPrompt(answer));
    if (!asked) return { ...fallback, provider: 'failed' };
    const question = input.levelIndex === 0 ? asked : nextQuestion(asked);
    return { question, source: 'ai', model: config.model, promptVersion: PROMPT_VERSION, provider: 'ok' };
  };
}

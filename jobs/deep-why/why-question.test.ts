import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini, type FakeGemini } from '../../tests/fakes/gemini';
import { type AiConfig, createWhyQuestionGenerator, FIRST_FALLBACK, noFutureFallback, SHORT_ANSWER_QUESTION } from './why-question';

let gemini: FakeGemini;
beforeAll(async () => {
  gemini = await startFakeGemini();
});
afterAll(() => gemini.close());
beforeEach(() => {
  gemini.requests.length = 0;
});

const config = () => ({ apiKey: 'clave-de-prueba', model: 'gemini-2.5-flash', baseUrl: gemini.baseUrl, timeoutMs: 500 });
const first = { areaTitle: 'Finanzas', levelIndex: 0, currentText: 'Vivo con miedo a no llegar a fin de mes.', futureText: 'Vivo con holgura y generosidad.' };

describe('the first why question', () => {
  it('asks Gemini with the area, the current reality and the future vision, and returns its one question', async () => {
    gemini.reply({ text: '"¿Por qué sentir holgura te devolvería la calma?"\nEspero que te sirva.' });
    const q = await createWhyQuestionGenerator(config())(first);
    expect(q).toEqual({
      question: '¿Por qué sentir holgura te devolvería la calma?',
      source: 'ai',
      model: 'gemini-2.5-flash',
      promptVersion: 'why-v1',
      provider: 'ok',
    });
    expect(gemini.requests).toHaveLength(1);
    const [request] = gemini.requests;
    expect(request!.model).toBe('gemini-2.5-flash');
    expect(request!.apiKey).toBe('clave-de-prueba');
    expect(request!.prompt).toContain('Finanzas');
    expect(request!.prompt).toContain('Vivo con miedo a no llegar a fin de mes.');
    expect(request!.prompt).toContain('Vivo con holgura y generosidad.');
  });

  it("falls back to the spec's text without a key, on an HTTP error and on a timeout", async () => {
    // Without a key nobody is asked: no outcome of the provider to report.
    expect(await createWhyQuestionGenerator({ ...config(), apiKey: undefined })(first)).toEqual({
      question: FIRST_FALLBACK,
      source: 'fallback',
      model: null,
      promptVersion: 'why-v1',
    });
    gemini.reply({ status: 500 });
    expect(await createWhyQuestionGenerator(config())(first)).toMatchObject({ question: FIRST_FALLBACK, provider: 'failed' });
    gemini.reply({ hang: true });
    const started = Date.now();
    expect(await createWhyQuestionGenerator(config())(first)).toMatchObject({ question: FIRST_FALLBACK, provider: 'failed' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('tells each fallback and its reason, and nothing when the provider answered', async () => {
    const reasons: string[] = [];
    const counted = (c: AiConfig) => createWhyQuestionGenerator(c, (reason) => reasons.push(reason));
    await counted({ ...config(), apiKey: undefined })(first);
    await counted(config())({ ...first, futureText: '' });
    gemini.reply({ status: 500 });
    await counted(config())(first);
    gemini.reply({ text: '¿Por qué importa?' });
    await counted(config())(first);
    expect(reasons).toEqual(['no_key', 'nothing_to_ask', 'provider_failed']);
  });

  it('without a future text uses the area template and asks nobody', async () => {
    const q = await createWhyQuestionGenerator(config())({ ...first, futureText: '  ' });
    expect(q).toMatchObject({ question: noFutureFallback('Finanzas'), source: 'fallback' });
    expect(q.question).toBe('Con base en tu realidad actual y tu visión futura, ¿por qué es importante para ti mejorar en "Finanzas"?');
    expect(gemini.requests).toHaveLength(0);
  });
});

describe('later levels', () => {
  const later = { areaTitle: 'Finanzas', levelIndex: 3, previousAnswer: 'Porque quiero dejar de sentir que el dinero manda en mi vida.' };

  it('weave the core idea Gemini extracts from the previous answer into the next question', async () => {
    gemini.reply({ text: 'Quiero recuperar el mando de mi vida' });
    const q = await createWhyQuestionGenerator(config())(later);
    expect(q).toMatchObject({ source: 'ai', question: 'Dices: «Quiero recuperar el mando de mi vida». ¿Y por qué es tan importante eso para ti?' });
    expect(gemini.requests[0]!.prompt).toContain(later.previousAnswer);
  });

  it('when extraction fails, quote the answer within its first 50 characters, whole words, and an ellipsis', async () => {
    gemini.reply({ status: 503 });
    const q = await createWhyQuestionGenerator(config())(later);
    expect(q).toMatchObject({
      source: 'fallback',
      provider: 'failed',
      question: 'Dices: «Porque quiero dejar de sentir que el dinero manda…». ¿Y por qué es tan importante eso para ti?',
    });
  });

  it('a short answer (under 15 characters) is not sent for extraction', async () => {
    const q = await createWhyQuestionGenerator(config())({ ...later, previousAnswer: 'Porque sí.' });
    expect(q).toMatchObject({ question: SHORT_ANSWER_QUESTION, source: 'fallback' });
    expect(gemini.requests).toHaveLength(0);
  });
});

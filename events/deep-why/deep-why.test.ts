import { describe, expect, it } from 'vitest';
import { recorded } from '../../tests/setup/recorded';
import { initialProgress } from '../course/course';
import { ConflictError, InvalidError } from '../errors';
import { describeEvent } from '../coach/describe';
import {
  decideAnswer,
  decideDeepWhy,
  decideQuestionAsked,
  decideRestart,
  decideSelect,
  evolveDeepWhy,
  evolveDeepWhyCounts,
  initialDeepWhy,
  initialDeepWhyCounts,
  MAX_DEEP_WHY_RESTARTS,
  MAX_RECORDED_WHY_QUESTIONS,
  NEEDS_WHEEL,
  targetAreaIds,
  TOO_MANY_RESTARTS,
  type DeepWhyDecisionState,
} from './deep-why';

const userId = '00000000-0000-4000-8000-0000000000bb';
const unlocked = { completed: new Set(['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro']) };

describe('deep-why slice', () => {
  it('folds the selection and answers, padding skipped levels with null', () => {
    const state = [
      recorded('WhySelectionSaved', { userId, areaIds: ['finances', 'career', 'character'] }),
      recorded('WhyAnswerSaved', { userId, areaId: 'finances', levelIndex: 2, answer: 'Tres' }),
      recorded('WhyAnswerSaved', { userId, areaId: 'finances', levelIndex: 0, answer: 'Uno' }),
    ].reduce(evolveDeepWhy, initialDeepWhy);
    expect(state).toEqual({ selectedAreaIds: ['finances', 'career', 'character'], answers: { finances: ['Uno', null, 'Tres'] }, restarted: false });
  });

  it('targets the 7 lowest-rated areas and needs the wheel first', () => {
    expect(() => targetAreaIds({})).toThrow(new ConflictError(NEEDS_WHEEL));
    expect(targetAreaIds({ finances: 1, career: 9 })).toHaveLength(7);
    expect(targetAreaIds({ finances: 1, career: 9 })[0]).toBe('finances');
  });

  it('decides a selection of 3 targets once, and refuses anything else', () => {
    const ratings = { finances: 1, career: 2, character: 3 };
    const events = decideSelect(unlocked, ratings, initialDeepWhy, { userId, roles: [], areaIds: ['finances', 'career', 'character'] });
    expect(events).toHaveLength(1);
    const state = { ...initialDeepWhy, selectedAreaIds: ['finances', 'career', 'character'] };
    expect(decideSelect(unlocked, ratings, state, { userId, roles: [], areaIds: ['finances', 'career', 'character'] })).toEqual([]);
    expect(() => decideSelect(unlocked, ratings, initialDeepWhy, { userId, roles: [], areaIds: ['finances', 'career'] })).toThrow(InvalidError);
    expect(() => decideSelect(initialProgress, ratings, initialDeepWhy, { userId, roles: [], areaIds: ['finances', 'career', 'character'] })).toThrow(
      /anterior/,
    );
  });

  it('decides an answer only for a selected area, and nothing for the same text again', () => {
    const state = { selectedAreaIds: ['finances', 'career', 'character'], answers: { finances: ['Uno'] }, restarted: false };
    expect(decideAnswer(unlocked, state, { userId, roles: [], areaId: 'finances', levelIndex: 1, answer: ' Dos ' })[0]!.data).toMatchObject({
      answer: 'Dos',
      levelIndex: 1,
    });
    expect(decideAnswer(unlocked, state, { userId, roles: [], areaId: 'finances', levelIndex: 0, answer: 'Uno' })).toEqual([]);
    expect(() => decideAnswer(unlocked, state, { userId, roles: [], areaId: 'health-fitness', levelIndex: 0, answer: 'x' })).toThrow(InvalidError);
  });

  it("'Rehacer Ejercicio' (WhyExerciseRestarted) clears the areas and the answers; the round stays open until the activity is completed again", () => {
    const finished = [
      recorded('WhySelectionSaved', { userId, areaIds: ['finances', 'career', 'character'] }),
      recorded('WhyAnswerSaved', { userId, areaId: 'finances', levelIndex: 0, answer: 'Uno' }),
      recorded('ActivityCompleted', { userId, activityId: '7-niveles-deep-why' }),
    ].reduce(evolveDeepWhy, initialDeepWhy);
    expect(finished.restarted).toBe(false);

    const redone = evolveDeepWhy(finished, recorded('WhyExerciseRestarted', { userId }));
    expect(redone).toEqual({ selectedAreaIds: [], answers: {}, restarted: true });
    // Another activity's completion does not close the round; the deep why's own does.
    expect(evolveDeepWhy(redone, recorded('ActivityCompleted', { userId, activityId: 'meditacion-7-fases' })).restarted).toBe(true);
    expect(evolveDeepWhy(redone, recorded('ActivityCompleted', { userId, activityId: '7-niveles-deep-why' })).restarted).toBe(false);
  });

  it('decides a restart when there is something to start again, and nothing when it is already fresh', () => {
    const completed = { completed: new Set([...unlocked.completed, '7-niveles-deep-why']) };
    const answered = { selectedAreaIds: ['finances', 'career', 'character'], answers: { finances: ['Uno'] }, restarted: false };
    const events = decideRestart(completed, answered, initialDeepWhyCounts, { userId, roles: [], eventId: 'e1' });
    expect(events.map((e) => [e.type, e.data, e.eventId])).toEqual([['WhyExerciseRestarted', { userId }, 'e1']]);
    // A completed exercise with nothing chosen yet still restarts its round (the summary would come back).
    expect(decideRestart(completed, initialDeepWhy, initialDeepWhyCounts, { userId, roles: [] })).toHaveLength(1);
    expect(decideRestart(completed, { ...initialDeepWhy, restarted: true }, initialDeepWhyCounts, { userId, roles: [] })).toEqual([]);
    expect(decideRestart(unlocked, initialDeepWhy, initialDeepWhyCounts, { userId, roles: [] })).toEqual([]);
    expect(() => decideRestart(initialProgress, answered, initialDeepWhyCounts, { userId, roles: [] })).toThrow(/anterior/);
  });

  it('counts the rounds started again and the questions recorded', () => {
    const counts = [
      recorded('WhyExerciseRestarted', { userId }),
      recorded('WhyQuestionAsked', {
        userId,
        questionId: 'q1',
        areaId: 'finances',
        levelIndex: 0,
        question: '¿Por qué?',
        source: 'fallback',
        model: null,
        promptVersion: 'v1',
      }),
      recorded('WhyExerciseRestarted', { userId }),
      recorded('WhyAnswerSaved', { userId, areaId: 'finances', levelIndex: 0, answer: 'Uno' }),
    ].reduce(evolveDeepWhyCounts, initialDeepWhyCounts);
    expect(counts).toEqual({ restarts: 2, questions: 1 });
  });

  it(`a round is started again at most ${MAX_DEEP_WHY_RESTARTS} times: past that, a 409 that says what still works`, () => {
    const completed = { completed: new Set([...unlocked.completed, '7-niveles-deep-why']) };
    const answered = { selectedAreaIds: ['finances', 'career', 'character'], answers: { finances: ['Uno'] }, restarted: false };
    expect(decideRestart(completed, answered, { restarts: MAX_DEEP_WHY_RESTARTS - 1, questions: 0 }, { userId, roles: [] })).toHaveLength(1);
    const refusal = (() => {
      try {
        decideRestart(completed, answered, { restarts: MAX_DEEP_WHY_RESTARTS, questions: 0 }, { userId, roles: [] });
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(ConflictError);
    expect((refusal as Error).message).toBe(TOO_MANY_RESTARTS);
    // Nothing to start again is still nothing, cap or not.
    expect(decideRestart(unlocked, initialDeepWhy, { restarts: MAX_DEEP_WHY_RESTARTS, questions: 0 }, { userId, roles: [] })).toEqual([]);
  });

  it(`questions are recorded up to ${MAX_RECORDED_WHY_QUESTIONS.toLocaleString('en')}; past that, the question is asked but not recorded`, () => {
    const question = {
      userId,
      questionId: 'q1',
      areaId: 'finances',
      levelIndex: 0,
      question: '¿Por qué?',
      source: 'fallback' as const,
      model: null,
      promptVersion: 'v1',
      eventId: 'e1',
    };
    expect(decideQuestionAsked({ restarts: 0, questions: MAX_RECORDED_WHY_QUESTIONS - 1 }, question)).toHaveLength(1);
    expect(decideQuestionAsked({ restarts: 0, questions: MAX_RECORDED_WHY_QUESTIONS }, question)).toEqual([]);
  });

  it('the coach reads a restart in plain Spanish', () => {
    expect(describeEvent(recorded('WhyExerciseRestarted', { userId }))).toBe(
      'Rehízo «Los 7 Niveles del Porqué»: empezó de nuevo, con sus áreas y respuestas en blanco',
    );
  });
});

describe('decideDeepWhy', () => {
  const learner = { userId, roles: [] };
  const at = (over: Partial<DeepWhyDecisionState> = {}): DeepWhyDecisionState => ({
    progress: unlocked,
    wheel: { ratings: { finances: 1, career: 2, character: 3 } },
    deepWhy: initialDeepWhy,
    deepWhyCounts: initialDeepWhyCounts,
    ...over,
  });

  it('chooses the focus areas among the lowest-rated ones of the learner’s own wheel, which must be rated first', () => {
    const select = { type: 'SelectAreas' as const, ...learner, areaIds: ['finances', 'career', 'character'] };
    expect(decideDeepWhy(select, at()).map((e) => e.data)).toEqual([{ userId, areaIds: ['finances', 'career', 'character'] }]);
    expect(() => decideDeepWhy(select, at({ wheel: { ratings: {} } }))).toThrow(new ConflictError(NEEDS_WHEEL));
  });

  it('answers a level of a chosen area, and starts the round again once there is something to start again', () => {
    const chosen = at({ deepWhy: { ...initialDeepWhy, selectedAreaIds: ['finances', 'career', 'character'] } });
    expect(decideDeepWhy({ type: 'AnswerLevel', ...learner, areaId: 'career', levelIndex: 3, answer: 'Para ser libre' }, chosen)).toHaveLength(1);
    expect(decideDeepWhy({ type: 'Restart', ...learner }, chosen).map((e) => e.type)).toEqual(['WhyExerciseRestarted']);
    expect(decideDeepWhy({ type: 'Restart', ...learner }, at())).toEqual([]);
  });

  it('records a question the learner was asked with its own fields only, until the cap', () => {
    const asked = {
      type: 'RecordQuestion' as const,
      userId,
      questionId: 'q9',
      areaId: 'finances',
      levelIndex: 2,
      question: '¿Y eso por qué importa?',
      source: 'ai' as const,
      model: 'gemini',
      promptVersion: 'why-v1',
      eventId: 'e9',
    };
    const [event] = decideDeepWhy(asked, at());
    expect(event!.data).toEqual({
      userId,
      questionId: 'q9',
      areaId: 'finances',
      levelIndex: 2,
      question: '¿Y eso por qué importa?',
      source: 'ai',
      model: 'gemini',
      promptVersion: 'why-v1',
    });
    expect(decideDeepWhy(asked, at({ deepWhyCounts: { restarts: 0, questions: MAX_RECORDED_WHY_QUESTIONS } }))).toEqual([]);
  });
});

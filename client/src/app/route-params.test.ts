// The values the server lets through as found (route-params.ts → routes.json → server/plugins/client.ts) must be
// exactly those the pages show something for, or a real page answers 404 (or a dead one 200).
import { describe, expect, it } from 'vitest';
import { isSequenceStep, sequenceSourceOf } from '../../../course/sequences';
import { COURSE, findActivity } from '../../../course/syllabus';
import { addressModules } from './route-manifest';
import { KNOWN_PARAMS, OPEN_PARAMS } from './route-params';

const known = (pattern: string, ...values: string[]) =>
  KNOWN_PARAMS[pattern]!.some((tuple) => tuple.length === values.length && tuple.every((value, i) => value === values[i]));

describe('which parameter values are pages', () => {
  it('every address of the router with parameters is either judged here or left open on purpose', () => {
    const withParams = addressModules()
      .map((route) => route.path)
      .filter((pattern) => pattern.includes('/:'));
    expect(withParams.length).toBeGreaterThan(0);
    expect(new Set(withParams)).toEqual(new Set([...Object.keys(KNOWN_PARAMS), ...OPEN_PARAMS]));
  });

  it('each tuple has one value per parameter of its address', () => {
    for (const [pattern, tuples] of Object.entries(KNOWN_PARAMS)) {
      const count = pattern.split('/').filter((segment) => segment.startsWith(':')).length;
      for (const tuple of tuples) expect(tuple, pattern).toHaveLength(count);
    }
  });

  it('an activity: every slug and id of the course (an id redirects to its slug), and nothing else', () => {
    const activities = COURSE.modules.flatMap((module) => module.activities);
    for (const activity of activities) {
      expect(known('/cursos/manifiesta/:activitySlug', activity.slug)).toBe(true);
      expect(known('/cursos/manifiesta/:activitySlug', activity.id)).toBe(true);
    }
    expect(KNOWN_PARAMS['/cursos/manifiesta/:activitySlug']!.every(([value]) => findActivity(value!) !== undefined)).toBe(true);
    expect(known('/cursos/manifiesta/:activitySlug', 'no-existe-esta-actividad')).toBe(false);
  });

  it('a welcome mail: the three of each download with a sequence, and no other (the newsletter form has none)', () => {
    const pattern = '/coach/secuencias/:page/:section/:step';
    const tuples = KNOWN_PARAMS[pattern]!;
    expect(tuples).toHaveLength(12);
    expect(tuples.every(([page, section, step]) => sequenceSourceOf(page!, section!) !== undefined && isSequenceStep(Number(step)))).toBe(true);
    expect(known(pattern, 'niveles', 'pdf', '3')).toBe(true);
    expect(known(pattern, 'niveles', 'pdf', '4')).toBe(false);
    expect(known(pattern, 'Newsletter Archive', 'Subscription Form', '1')).toBe(false);
    expect(known(pattern, 'niveles', 'ebook', '1')).toBe(false);
  });
});

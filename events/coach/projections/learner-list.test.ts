import { describe, expect, it } from 'vitest';
import { recorded } from '../../../tests/setup/recorded';
import { REQUIRED_ACTIVITIES } from '../../../course/rules';
import { ACTIVITIES } from '../../../course/syllabus';
import { learnerStreamId, UserRegistered } from '../../accounts/accounts.events';
import { ActivityCompleted } from '../../course/course.events';
import { evolveLearnerProgress, learnerProgressProjection } from './learner-list';

const userId = '0190a5b4-7c1e-7a2b-8c3d-4e5f60718293';
const at = (iso: string) => ({ recordedAt: new Date(iso), streamId: learnerStreamId(userId) });
const registered = recorded(UserRegistered.type, { userId, username: 'Ana', email: 'ana@example.com' }, at('2026-03-01T10:00:00.000Z'));
const completed = (slug: string, iso: string) => recorded(ActivityCompleted.type, { userId, activityId: slug }, at(iso));
const [required, other] = REQUIRED_ACTIVITIES.map((a) => a.slug) as [string, string];
const ignorable = ACTIVITIES.find((a) => a.isIgnorable)!.slug;

describe('the learner list read model', () => {
  it('progress: each activity once, in code-unit order; only the required ones count', () => {
    const events = [
      registered,
      completed(other, '2026-03-02T00:00:00Z'),
      completed(ignorable, '2026-03-03T00:00:00Z'),
      completed(required, '2026-03-04T00:00:00Z'),
      completed(other, '2026-03-05T00:00:00Z'),
    ];
    const row = events.reduce<ReturnType<typeof evolveLearnerProgress> | undefined>((r, e) => evolveLearnerProgress(r ?? undefined, e), undefined);
    expect(row).toEqual({ user_id: userId, completed: [other, ignorable, required].sort(), completed_required: 2 });
  });

  it('holds registered accounts only, keyed by the learner stream', () => {
    expect(evolveLearnerProgress(undefined, completed(required, '2026-03-02T00:00:00Z'))).toBeNull();
    // Its apply ignores an event of another stream (a payment's, say) without a query.
    const elsewhere = recorded(ActivityCompleted.type, { userId, activityId: required }, { streamId: `payment-${userId}` });
    const tx = { query: () => Promise.reject(new Error('no query expected')) };
    return learnerProgressProjection.apply(tx, [elsewhere]);
  });
});

// Inline read models: the latest score per learner and area, and the latest text per learner, activity
// and area. Every earlier value stays in the log (the coach's replay shows how they changed).
import { rowProjection } from '../../store/projection';
import { AreaDefinitionSaved, AreaRated } from '../wheel.events';

export interface AreaRatingRow {
  [column: string]: string | number;
  user_id: string;
  area_id: string;
  score: number;
  rated_at: string;
}

export const areaRatingsProjection = rowProjection<AreaRatingRow>({
  name: 'area_ratings',
  mode: 'inline',
  table: 'area_ratings',
  keyColumns: ['user_id', 'area_id'],
  eventTypes: [AreaRated.type],
  key: (e) => (AreaRated.is(e) ? { user_id: e.data.userId, area_id: e.data.areaId } : undefined),
  evolve: (row, e) =>
    AreaRated.is(e) ? { user_id: e.data.userId, area_id: e.data.areaId, score: e.data.score, rated_at: e.recordedAt.toISOString() } : (row ?? null),
});

export interface AreaDefinitionRow {
  [column: string]: string;
  user_id: string;
  activity_id: string;
  area_id: string;
  definition: string;
  updated_at: string;
}

export const areaDefinitionsProjection = rowProjection<AreaDefinitionRow>({
  name: 'area_definitions',
  mode: 'inline',
  table: 'area_definitions',
  keyColumns: ['user_id', 'activity_id', 'area_id'],
  eventTypes: [AreaDefinitionSaved.type],
  key: (e) => (AreaDefinitionSaved.is(e) ? { user_id: e.data.userId, activity_id: e.data.activityId, area_id: e.data.areaId } : undefined),
  evolve: (row, e) =>
    AreaDefinitionSaved.is(e)
      ? {
          user_id: e.data.userId,
          activity_id: e.data.activityId,
          area_id: e.data.areaId,
          definition: e.data.definition,
          updated_at: e.recordedAt.toISOString(),
        }
      : (row ?? null),
});

-- The one exception to "events are never rewritten": events written before personal fields were sealed are
-- sealed in place, once, by the application (events/store/reseal.ts, run by `npm run db:migrate` and at server
-- start). Only inside a transaction that set mf.seal_events = 'on', only an event not sealed yet, and only its
-- data and metadata, into an event that is sealed (metadata.sealedFor): ids, positions, order, transaction and
-- time stay; DELETE and TRUNCATE stay refused. Without it, erasure could not reach the plain text written before.
CREATE OR REPLACE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('mf.seal_events', true) = 'on'
     AND NOT (OLD.metadata ? 'sealedFor') AND NEW.metadata ? 'sealedFor'
     AND NEW.global_position = OLD.global_position AND NEW.transaction_id = OLD.transaction_id
     AND NEW.stream_id = OLD.stream_id AND NEW.stream_position = OLD.stream_position AND NEW.event_id = OLD.event_id
     AND NEW.type = OLD.type AND NEW.version = OLD.version AND NEW.recorded_at = OLD.recorded_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'events are immutable: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END $$;

-- How far the sealing of old events has gone (global position), saved with each batch.
CREATE TABLE event_sealing_progress (
  only_one        boolean PRIMARY KEY DEFAULT true CHECK (only_one),
  global_position bigint NOT NULL
);

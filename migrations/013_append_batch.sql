-- Group commit: the single-stream appends that arrive while another is being written go to the database
-- together, in one statement and one transaction. Each write keeps its own outcome — one stream's wrong
-- version or retried request does not fail its neighbours:
--   'appended'  its events are in, at the positions returned;
--   'conflict'  the stream was not at the expected version (actual_version says where it is).
-- A write whose event id is already in the log (a retry) fails the statement on the unique index, as with
-- mf_append_events: the caller writes the batch again one write at a time and reads the stored events.
-- (Looking ids up first would spare the batch that, but under load the probes cost as much as the writes.)
-- Input: a JSON array of {stream_id, stream_type, expected (null = any), events: [{event_id, type, version,
-- data, metadata}]}, at most one entry per stream, in the order the caller wants the streams locked.
CREATE FUNCTION mf_append_batch(p_writes jsonb)
RETURNS TABLE (write_index integer, outcome text, first_position bigint, global_positions bigint[],
               actual_version bigint, transaction_id_text text, recorded_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  w record;
  n integer;
  new_version bigint;
  v_at timestamptz := now();
  v_xact text := pg_current_xact_id()::text;
BEGIN
  FOR w IN
    SELECT (x.i - 1)::integer AS i, x.w ->> 'stream_id' AS stream_id, x.w ->> 'stream_type' AS stream_type,
           (x.w ->> 'expected')::bigint AS expected, x.w -> 'events' AS events
    FROM jsonb_array_elements(p_writes) WITH ORDINALITY AS x(w, i)
    ORDER BY x.i
  LOOP
    n := jsonb_array_length(w.events);
    write_index := w.i;
    first_position := NULL; global_positions := NULL; actual_version := NULL;
    transaction_id_text := v_xact; recorded_at := v_at;

    new_version := NULL;
    IF w.expected IS NULL THEN
      INSERT INTO streams AS s (stream_id, stream_type, version, updated_at) VALUES (w.stream_id, w.stream_type, n, v_at)
        ON CONFLICT (stream_id) DO UPDATE SET version = s.version + n, updated_at = v_at
        RETURNING s.version INTO new_version;
    ELSIF w.expected = 0 THEN
      INSERT INTO streams AS s (stream_id, stream_type, version, updated_at) VALUES (w.stream_id, w.stream_type, n, v_at)
        ON CONFLICT (stream_id) DO NOTHING
        RETURNING s.version INTO new_version;
    ELSE
      UPDATE streams s SET version = s.version + n, updated_at = v_at
        WHERE s.stream_id = w.stream_id AND s.version = w.expected
        RETURNING s.version INTO new_version;
    END IF;
    IF new_version IS NULL THEN
      outcome := 'conflict';
      SELECT coalesce(max(s.version), 0) INTO actual_version FROM streams s WHERE s.stream_id = w.stream_id;
      RETURN NEXT;
      CONTINUE;
    END IF;

    WITH inserted AS (
      INSERT INTO events AS e (stream_id, stream_position, event_id, type, version, data, metadata, recorded_at)
      SELECT w.stream_id, new_version - n + x.i, x.event_id, x.type, x.version, x.data, x.metadata, v_at
      FROM ROWS FROM (jsonb_to_recordset(w.events)
             AS (event_id uuid, type text, version integer, data jsonb, metadata jsonb)) WITH ORDINALITY
           AS x(event_id, type, version, data, metadata, i)
      ORDER BY x.i
      RETURNING e.global_position, e.stream_position
    )
    SELECT array_agg(i.global_position ORDER BY i.stream_position) INTO global_positions FROM inserted i;
    outcome := 'appended';
    first_position := new_version - n + 1;
    RETURN NEXT;
  END LOOP;
END $$;

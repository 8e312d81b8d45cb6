-- Imports of historical events (the demo seed, a migration from another system) may set the time they
-- happened: `SET LOCAL mf.recorded_at = '…'` in the append's transaction. Live writes never do.
CREATE OR REPLACE FUNCTION mf_append_events(p_stream_id text, p_stream_type text, p_expected bigint, p_events jsonb)
RETURNS TABLE (first_position bigint, global_positions bigint[], transaction_id_text text, recorded_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  n integer := jsonb_array_length(p_events);
  new_version bigint;
  actual bigint;
  -- now(), unless an import of historical events set mf.recorded_at for this transaction.
  v_at timestamptz := coalesce(nullif(current_setting('mf.recorded_at', true), '')::timestamptz, now());
BEGIN
  -- Idempotency is checked by the caller only when this fails (wrong version, or a unique violation
  -- on event_id): a retry is rare, and the unique index already probes every id on insert.
  IF p_expected IS NULL THEN
    INSERT INTO streams AS s (stream_id, stream_type, version, updated_at) VALUES (p_stream_id, p_stream_type, n, v_at)
      ON CONFLICT (stream_id) DO UPDATE SET version = s.version + n, updated_at = v_at
      RETURNING s.version INTO new_version;
  ELSIF p_expected = 0 THEN
    INSERT INTO streams AS s (stream_id, stream_type, version, updated_at) VALUES (p_stream_id, p_stream_type, n, v_at)
      ON CONFLICT (stream_id) DO NOTHING
      RETURNING s.version INTO new_version;
  ELSE
    UPDATE streams s SET version = s.version + n, updated_at = v_at
      WHERE s.stream_id = p_stream_id AND s.version = p_expected
      RETURNING s.version INTO new_version;
  END IF;
  IF new_version IS NULL THEN
    SELECT s.version INTO actual FROM streams s WHERE s.stream_id = p_stream_id;
    RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'MF001', DETAIL = coalesce(actual, 0)::text;
  END IF;

  -- The caller has the payloads: send back only what the database assigned, in one row.
  RETURN QUERY
    WITH inserted AS (
      INSERT INTO events AS e (stream_id, stream_position, event_id, type, version, data, metadata, recorded_at)
      SELECT p_stream_id, new_version - n + x.i, x.event_id, x.type, x.version, x.data, x.metadata, v_at
      FROM ROWS FROM (jsonb_to_recordset(p_events)
             AS (event_id uuid, type text, version integer, data jsonb, metadata jsonb)) WITH ORDINALITY
           AS x(event_id, type, version, data, metadata, i)
      ORDER BY x.i
      RETURNING e.global_position, e.stream_position
    )
    SELECT new_version - n + 1, array_agg(i.global_position ORDER BY i.stream_position),
           pg_current_xact_id()::text, v_at
    FROM inserted i;
END $$;

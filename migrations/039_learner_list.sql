-- The coach's learner list without a pass over every learner: per registered learner, their progress (a read model
-- kept from their stream, events/coach/projections/learner-list.ts), an index per order the desk offers, and trigram
-- indexes for its search. A page's ids come from one index; only its rows are read.
CREATE TABLE learner_progress (
  user_id            uuid PRIMARY KEY,
  completed          text[] NOT NULL,  -- the activities completed, each once, in code-unit order
  completed_required integer NOT NULL  -- how many of them the course requires: the progress order
);

-- Each order as the query writes it: the key in either direction, then user_id ascending among equal keys. Read
-- backwards an index gives equal keys by user_id descending, which PostgreSQL puts right with an incremental sort of
-- each run of equal keys: cheap where they are rare (names, addresses, times), not for progress (a few dozen values
-- over every learner), which has an index per direction. Names are not unique (display names); addresses are, but
-- their unique index does not hold the address itself, which an index-only scan of the order needs (as the names').
CREATE INDEX learner_progress_asc ON learner_progress (completed_required, user_id);
CREATE INDEX learner_progress_desc ON learner_progress (completed_required DESC, user_id);
-- The last activity is the learner stream's updated_at, which every append already writes: an index of learners'
-- streams alone orders them, at the price of one more index entry per append (an update of an indexed column is never
-- HOT, for every stream) instead of a read model written by two more statements per learner write. Its stream_id
-- ('learner-' and the user id in text) sorts as user_id does.
CREATE INDEX streams_learner_activity ON streams (updated_at, stream_id) WHERE stream_type = 'learner';
CREATE INDEX users_username_order ON users (lower(username), user_id) INCLUDE (username);
CREATE INDEX users_email_order ON users (lower(email), user_id) INCLUDE (email);
CREATE INDEX users_registered_order ON users (registered_at, user_id);

-- The search is a case-insensitive substring of the name or the address (ILIKE '%…%'): trigrams find the candidates,
-- the heap rechecks the pattern. pg_trgm ships with PostgreSQL (embedded and packaged) and is a trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_username_trgm ON users USING gin (username gin_trgm_ops);
CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops);

-- The rows of the learners already registered, as the projections would have left them. The required activities are
-- the course's as of this migration (ACTIVITIES without isIgnorable, course/syllabus.ts); a later change to the course
-- is a rebuild (npm run db:rebuild), as for any read model whose fold changes.
INSERT INTO learner_progress (user_id, completed, completed_required)
SELECT u.user_id, coalesce(c.completed, '{}'), c.required
FROM users u CROSS JOIN LATERAL (
  SELECT array_agg(activity_id ORDER BY activity_id COLLATE "C") AS completed,
         count(*) FILTER (WHERE activity_id = ANY (ARRAY[
           '12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro', '7-niveles-deep-why',
           'primera-sesion-de-coaching', 'tus-sistemas-de-creencias-actuales', 'tus-nuevos-sistemas-de-creencias',
           'umbral-de-creencia', 'tu-nueva-historia', 'mapa-de-tus-emociones', 'el-mensaje-de-cada-emocion',
           'soltar-la-culpa-y-el-resentimiento', 'carta-a-tu-nino-interior', 'diario-de-gratitud', 'segunda-sesion-de-coaching',
           'conversacion-con-tu-yo-futuro', 'tu-tablero-de-vision', 'afirmaciones-en-presente', 'tercera-sesion-de-coaching',
           'metas-alineadas-con-tu-porque', 'plan-de-accion-90-dias', 'habitos-ancla', 'desarmar-el-autosaboteo',
           'cuarta-sesion-de-coaching', 'tu-rueda-de-la-vida-hoy', 'rituales-diarios-de-integracion', 'celebrar-tus-logros',
           'tu-manifiesto-personal', 'sesion-de-cierre']))::integer AS required
  FROM completions done WHERE done.user_id = u.user_id
) c;

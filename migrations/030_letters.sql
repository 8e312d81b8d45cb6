-- The newsletter's letters (decision 0018). Inline read model of the `letter-<uuid>` streams: one row per letter,
-- draft or published. A letter's address (/newsletter/<series>/<slug>) is unique: a second letter with the same slug
-- in the same series is refused (409) before it is recorded, and this constraint settles two at once.
CREATE TABLE letters (
  id           uuid PRIMARY KEY,
  title        text NOT NULL,
  slug         text NOT NULL,
  series       text NOT NULL,
  markdown     text NOT NULL,
  status       text NOT NULL CHECK (status IN ('draft', 'published')),
  published_on date,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  CONSTRAINT letters_series_slug_key UNIQUE (series, slug)
);
-- The archive: published letters, newest first.
CREATE INDEX letters_published ON letters (published_on DESC, slug DESC) WHERE status = 'published';

-- A letter's cover: the id of an image of the coach's media library, or null. Letters recorded before covers have
-- none, which is what their events say, so the rows as they are equal a rebuild from the log.
ALTER TABLE letters ADD COLUMN cover uuid;
-- The media library asks which letters use a file before deleting it.
CREATE INDEX letters_by_cover ON letters (cover) WHERE cover IS NOT NULL;

-- A send keeps the letter as it was scheduled, its cover included (null: none, as in every send before covers).
ALTER TABLE letter_sends ADD COLUMN cover uuid;

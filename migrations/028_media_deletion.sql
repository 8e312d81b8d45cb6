-- Deleting a file of the library: its bytes go when no other file names them, as its own or as a copy.
CREATE INDEX media_by_sha256 ON media (sha256);
CREATE INDEX media_by_variant ON media USING gin (variants jsonb_path_ops);

-- A testimonial's optional photo: the id of an image of the coach's media library.
ALTER TABLE testimonials ADD COLUMN photo uuid;
CREATE INDEX testimonials_by_photo ON testimonials (photo) WHERE photo IS NOT NULL;

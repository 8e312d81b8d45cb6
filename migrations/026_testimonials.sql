-- Read model of the testimonials the coach publishes: one row per testimonial (a removed one's row is deleted).
CREATE TABLE testimonials (
  testimonial_id uuid PRIMARY KEY,
  page           text NOT NULL,
  name           text NOT NULL,
  text           text NOT NULL,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);
CREATE INDEX testimonials_by_page ON testimonials (page, created_at);

// The testimonials the coach added for this page (each with the client's photo when she added one), fetched when the page opens (through the light client: the
// sales pages stay light). Nothing at all while they load, when there are none or when the call fails: a page
// never shows an empty heading.
import { useEffect, useState } from 'react';
import type { TestimonialPage } from '../../../../../course/testimonials';
import { lightApi } from '../../../api/light-client';
import { Section } from './layout';
import { Testimonials, type Testimonial } from './lists';

type Props = { page: TestimonialPage; title?: string; eyebrow?: string; tone?: 'plain' | 'muted' | 'accent' };

export function PageTestimonials({ page, title = 'Lo que cuentan quienes ya lo vivieron', eyebrow = 'Testimonios', tone }: Props) {
  const [items, setItems] = useState<Testimonial[]>([]);
  useEffect(() => {
    let live = true;
    lightApi
      .GET('/api/testimonials', { query: { page } })
      .then(({ data }) => {
        if (live && data?.success) setItems(data.data.map(({ id, name, text, photo }) => ({ id, author: name, text, photo })));
      })
      .catch(() => undefined); // no testimonials is what the page shows then
    return () => {
      live = false;
    };
  }, [page]);
  if (items.length === 0) return null;
  return (
    <Section width="wide" tone={tone} eyebrow={eyebrow} title={title}>
      <Testimonials items={items} />
    </Section>
  );
}

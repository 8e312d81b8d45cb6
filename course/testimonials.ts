// Testimonials: what real clients wrote about working with the coach, added by her with their consent and shown
// on the sales pages she chooses. The pages that take them and the limits, shared by the browser and the server.

/** The sales pages that show testimonials, by their address (without the slash), with the name the coach sees. */
export const TESTIMONIAL_PAGES = [
  { slug: 'reprograma', label: 'Reprograma (el programa)' },
  { slug: 'manifiesta', label: 'Manifiesta (el curso)' },
  { slug: 'coaching', label: 'Coaching' },
  { slug: 'hielo', label: 'Inmersión en hielo' },
  { slug: 'masterclasses', label: 'Masterclasses' },
  { slug: 'about', label: 'Sobre mí' },
] as const;

export type TestimonialPage = (typeof TESTIMONIAL_PAGES)[number]['slug'];
export const TESTIMONIAL_PAGE_SLUGS = TESTIMONIAL_PAGES.map((p) => p.slug) as [TestimonialPage, ...TestimonialPage[]];

export const MAX_TESTIMONIAL_NAME = 80;
export const MAX_TESTIMONIAL_TEXT = 1500;
/** A page shows a handful; the coach keeps at most this many in all. */
export const MAX_TESTIMONIALS = 200;

export const TESTIMONIAL_MESSAGES = {
  name: 'Escribe el nombre tal como la persona quiere que aparezca.',
  nameTooLong: `El nombre puede tener hasta ${MAX_TESTIMONIAL_NAME} caracteres.`,
  text: 'Escribe el testimonio.',
  textTooLong: `El testimonio puede tener hasta ${MAX_TESTIMONIAL_TEXT.toLocaleString('es')} caracteres.`,
  page: 'Elige en qué página se muestra.',
  consent: 'Solo podemos publicarlo si la persona dio su consentimiento: marca la casilla cuando lo tengas.',
  notFound: 'No encontramos ese testimonio.',
  tooMany: `Ya tienes ${MAX_TESTIMONIALS} testimonios, el máximo. Elimina alguno para agregar otro.`,
} as const;

// Shared building blocks of the sales pages (/reprograma, /manifiesta, /manifiesta-call, /hielo, /masterclasses,
// /coaching, /about, /recursos-gratuitos). STABLE API: other pages import from this file only, never from the
// files behind it; props are added, not renamed or removed. Each block is mobile first, reads the design tokens
// (styles/tokens.css) and fades in with lib/reveal.ts (cards staggered 100 ms × index).
//
//   <SalesPage>                      the page column; sections stack inside it; ends with 'Volver al menú'
//   <Hero title lead eyebrow? documentTitle? media?|glance?|art?>{CTAs}</Hero>   the h1 opening (also sets <title>);
//                                    beside the text on wide screens: media (a portrait, also on phones), glance
//                                    ({ title, facts }: the offer at a glance) or art (a decorative drawing)
//   <Section title eyebrow? intro? id? tone? width?>{…}</Section>    an h2 section; tone 'plain' | 'muted' | 'accent',
//                                                                    width 'narrow' (text) | 'wide' (card grids)
//   <FromToPairs pairs={[{ from, to }]} />                           the transformation, "hoy → después"
//   <Benefits items={[{ title, text }]} />                           benefit cards
//   <Testimonials items={[{ text, author, role? }]} />                real clients' words (never invented ones)
//   <PageTestimonials page />                                        the coach's testimonials of this page, fetched at
//                                                                    run time; renders nothing when there are none
//   <ForWhom isFor={[…]} isNotFor={[…]} />                           "es para ti si" / "no es para ti si"
//   <AboutGuide>{paragraphs}</AboutGuide>                            the coach photo (profileImage or default) + text
//   <GuidePhoto className? />                                        that photo alone (e.g. as a Hero's media)
//   <Price price per? listPrice? alternative? features? note?>{CTAs}</Price>   money from course/products.ts
//   <Faq items={[{ q, a }]} />                                       accessible disclosure (buttons + aria-expanded)
//   <ModuleCards modules={[{ title, description, image?, label? }]} />
//   <Facts items={[{ label, value }]} />                             dates, place, duration… (a <dl>)
//   <Steps items={[{ title, text }]} />                              numbered steps of a process
//   <Checklist items={[…]} />                                        a list with check marks
//   <CtaGroup>{…}</CtaGroup>                                         a row of calls to action
//   <CtaButton href note? variant?>label</CtaButton>                 external link, new tab, announced as such
//   <WhatsAppCta message note? variant?>label</WhatsAppCta>          WhatsApp chat with the page's own message
//   <ScrollButton targetId variant?>label</ScrollButton>             scrolls to (and focuses) a <Section id> of the page
//   ctaClass(variant?)                                               a call to action's look, for a button made elsewhere
//   <RevealItem as? index>{…}</RevealItem>                           any custom card that should fade in staggered
//   <ClarificationCallForm page label />                            the free-call request form (POST /api/{page}/clarification-call)
export { SalesPage, Section, Hero, RevealItem } from './layout';
export { CtaButton, CtaGroup, ctaClass, ScrollButton, WhatsAppCta } from './cta';
export { Benefits, Checklist, Facts, ForWhom, FromToPairs, ModuleCards, Steps, Testimonials } from './lists';
export type { Benefit, Fact, FromTo, ModuleCard, Step, Testimonial } from './lists';
export { RetreatPhotos } from './RetreatPhotos';
export { AboutGuide, GuidePhoto } from './AboutGuide';
export { Price } from './Price';
export type { Money } from './Price';
export { Faq } from './Faq';
export type { FaqItem } from './Faq';
export { ClarificationCallForm } from './ClarificationCallForm';
export { PageTestimonials } from './PageTestimonials';

// /manifiesta: the course enrolment landing and its price. For why this route and not
// /manifiesta-call is the enrolment page, see the note at the top of ManifiestaCallPage.tsx.
import { Link } from 'react-router-dom';
import { PRODUCTS } from '../../../../../course/products';
import { COURSE } from '../../../../../course/syllabus';
import type { CheckoutButton } from '../../../lib/checkout';
import { money, spotsNote, useCatalogue } from '../../../lib/catalogue';
import { useTrackView } from '../../../lib/track-view';
import {
  AboutGuide,
  Benefits,
  CtaGroup,
  ctaClass,
  Faq,
  ForWhom,
  Hero,
  PageTestimonials,
  ModuleCards,
  Price,
  SalesPage,
  ScrollButton,
  Section,
  WhatsAppCta,
  type Benefit,
  type FaqItem,
  type ModuleCard,
} from '../sales';

export const MANIFIESTA_WHATSAPP_MESSAGE = '¡Hola! Estoy mirando el curso Manifiesta y tengo una consulta antes de inscribirme.';
const ENROL_ID = 'inscripcion';

/** The course at a glance: its weeks, as the syllabus names them ('Semana 1 · Despertar: …'). */
const WEEKS = COURSE.modules.map((module) => {
  const [week = module.title, theme = ''] = module.title.split(' · ');
  return { label: week, value: theme };
});
const product = PRODUCTS['manifiesta-curso-completo'];

const MODULES: ModuleCard[] = COURSE.modules.map((m) => ({
  title: m.title,
  description: m.landingPageDescription,
  image: m.landingPageImage,
}));

const INCLUDED: Benefit[] = [
  {
    title: 'Sesión 1:1 semanal de una hora',
    text: 'Cada semana nos vemos por videollamada para trabajar sobre lo que estás viviendo, no sobre un guion.',
  },
  {
    title: 'Soporte VIP por WhatsApp',
    text: 'Escríbeme en horario laboral cuando te trabes con una actividad o aparezca algo que necesites hablar.',
  },
  {
    title: 'Acceso de por vida',
    text: 'Las actividades, meditaciones y materiales quedan en tu cuenta para siempre, para volver a ellos cuando quieras.',
  },
  {
    title: 'Garantía de por vida',
    text: 'Si en algún momento sientes que el curso no cumplió lo que promete, escríbeme y lo resolvemos.',
  },
];

const IS_FOR = [
  'Quieres un método ordenado, semana a semana, y no contenido suelto.',
  'Te comprometes a hacer las actividades y a llegar a cada sesión.',
  'Buscas acompañamiento personal, con alguien que te conozca y te siga.',
];

const IS_NOT_FOR = [
  'Esperas resultados sin dedicarle tiempo a las prácticas.',
  'Solo quieres mirar videos sin poner en juego nada de tu vida.',
  'Necesitas un tratamiento médico o psicológico: el coaching no lo reemplaza.',
];

const FAQ: FaqItem[] = [
  {
    q: '¿Cómo es el curso, en concreto?',
    a: `Son ${COURSE.modules.length} módulos, uno por semana. Cada módulo tiene actividades guiadas en la plataforma, una meditación o práctica, y tu sesión 1:1 de una hora conmigo para integrarlo.`,
  },
  {
    q: '¿Por qué hay pocos cupos?',
    a: 'Porque cada persona tiene su sesión semanal conmigo y soporte por WhatsApp. Para acompañarte de verdad, abro pocos lugares a la vez.',
  },
  {
    q: '¿Qué pasa cuando termino las 5 semanas?',
    a: 'El acceso es de por vida: puedes repetir las actividades, volver a las meditaciones y revisar todo lo que escribiste cuando lo necesites.',
  },
  {
    q: '¿Cómo se paga?',
    a: 'Con un único pago por Mercado Pago. Apenas se confirma, tu cuenta queda habilitada y te escribo para agendar tu primera sesión.',
  },
  {
    q: '¿Puedo empezar gratis?',
    a: (
      <p>
        Sí: las actividades de la semana 1 están abiertas para que pruebes el método antes de inscribirte.{' '}
        <Link to="/cursos/manifiesta">Empieza la semana 1 gratis</Link>.
      </p>
    ),
  },
];

function EnrolButton() {
  return <ScrollButton targetId={ENROL_ID}>Quiero inscribirme</ScrollButton>;
}

type ManifiestaPageProps = {
  /** The enrolment's buy button (app/ gives the payments feature's). */
  Checkout: CheckoutButton;
};

export function ManifiestaPage({ Checkout }: ManifiestaPageProps) {
  useTrackView('manifiesta');
  const catalogue = useCatalogue();

  return (
    <SalesPage>
      <Hero
        eyebrow="Curso guiado + coaching 1:1"
        title={product.name}
        glance={{ title: 'Tu camino, semana a semana', facts: WEEKS }}
        lead={
          <>
            <p>{COURSE.subtitle}.</p>
            <p>
              {COURSE.modules.length} módulos con actividades guiadas, meditaciones y una sesión de coaching 1:1 por semana, para pasar de la intención a la
              acción con acompañamiento real.
            </p>
          </>
        }
      >
        <CtaGroup>
          <EnrolButton />
          <WhatsAppCta message={MANIFIESTA_WHATSAPP_MESSAGE} variant="secondary">
            Tengo una consulta
          </WhatsAppCta>
        </CtaGroup>
      </Hero>

      <Section tone="muted" width="wide" eyebrow="Qué incluye" title="Mucho más que un curso grabado">
        <Benefits items={INCLUDED} />
      </Section>

      <Section
        width="wide"
        eyebrow="El recorrido"
        title={`Los ${COURSE.modules.length} módulos`}
        intro="Un módulo por semana, cada uno construido sobre el anterior."
      >
        <ModuleCards modules={MODULES} />
        <CtaGroup align="center">
          <EnrolButton />
        </CtaGroup>
      </Section>

      <Section tone="muted" width="wide" title="¿Es para ti?">
        <ForWhom isFor={IS_FOR} isNotFor={IS_NOT_FOR} />
      </Section>

      <Section eyebrow="Quién te acompaña" title="Sobre tu guía">
        <AboutGuide>
          <p>
            Soy coach holística y en Manifiesta reúno las herramientas con las que trabajo: coaching, meditación, respiración y el estudio de la conciencia,
            ordenadas semana a semana para que salgas del piloto automático.
          </p>
          <p>En cada sesión semanal te acompaño personalmente: del otro lado de la pantalla siempre hay alguien contigo.</p>
        </AboutGuide>
      </Section>

      <Section id={ENROL_ID} tone="accent" eyebrow="Inscripción" title="Reserva tu lugar en Manifiesta" intro="Un único pago y empiezas esta misma semana.">
        <Price
          title={`${COURSE.title} · ${COURSE.modules.length} semanas`}
          price={money(catalogue?.courseAmount)}
          listPrice={money(catalogue?.courseOldAmount)}
          per="pago único"
          features={[
            `${COURSE.modules.length} módulos con actividades guiadas`,
            'Sesión de coaching 1:1 semanal de una hora',
            'Soporte VIP por WhatsApp en horario laboral',
            'Acceso de por vida',
            'Garantía de por vida',
          ]}
          note={spotsNote(catalogue?.courseSpots, { one: 'cupo', many: 'cupos' })}
        >
          <CtaGroup>
            <Checkout productId="manifiesta-curso-completo" className={ctaClass()}>
              Inscribirme ahora
            </Checkout>
          </CtaGroup>
        </Price>
        <p>
          ¿Tienes dudas antes de decidir? <Link to="/manifiesta-call">Agenda una llamada de claridad gratuita</Link>.
        </p>
      </Section>

      <PageTestimonials page="manifiesta" />

      <Section eyebrow="Preguntas frecuentes" title="Antes de inscribirte">
        <Faq items={FAQ} />
        <CtaGroup align="center">
          <EnrolButton />
          <WhatsAppCta message={MANIFIESTA_WHATSAPP_MESSAGE} variant="secondary">
            Escríbeme por WhatsApp
          </WhatsAppCta>
        </CtaGroup>
      </Section>
    </SalesPage>
  );
}

// /reprograma: the landing page of the 5-week coaching programme and its price.
import { formatPrice } from '../../../../../course/products';
import { money, useCatalogue, type PublicCatalogue } from '../../../lib/catalogue';
import { useSiteLinks } from '../../../lib/site';
import { useTrackView } from '../../../lib/track-view';
import { useAuth } from '../../../lib/session/useAuth';
import {
  AboutGuide,
  Benefits,
  ClarificationCallForm,
  CtaButton,
  CtaGroup,
  Faq,
  ForWhom,
  FromToPairs,
  Hero,
  PageTestimonials,
  Price,
  SalesPage,
  Section,
  WhatsAppCta,
  type Benefit,
  type Fact,
  type FaqItem,
  type FromTo,
} from '../sales';

/** The chat opens with this line, so the coach knows the visitor comes from this page. */
export const REPROGRAMA_WHATSAPP_MESSAGE = '¡Hola! Vengo de la página de Reprogramate y quiero saber más del programa de 5 semanas.';
const BOOKING_NOTE = 'Cupos limitados – sin compromiso';

/** The programme at a glance, as the page details it below. */
const GLANCE: Fact[] = [
  { label: 'Duración', value: 'Cinco semanas' },
  { label: 'Acompañamiento', value: 'Una sesión 1:1 por semana, por videollamada' },
  { label: 'Cada semana', value: 'Teoría, prácticas para el día a día y un plan de acción' },
  { label: 'Para empezar', value: 'Una sesión gratuita, sin compromiso' },
];

const PAIRS: FromTo[] = [
  {
    from: 'Sabes lo que quieres, pero cada vez que vas a empezar algo te frena.',
    to: 'Reconoces la creencia que te frena y la cambias por una que te impulsa.',
  },
  {
    from: 'Vives en piloto automático, repitiendo los mismos patrones de siempre.',
    to: 'Eliges con conciencia cómo responder, cada día.',
  },
  {
    from: 'Tus emociones te desbordan y después te culpas por cómo reaccionaste.',
    to: 'Usas tus emociones como brújula, sin pelearte con ellas.',
  },
  {
    from: 'Tienes metas anotadas en una libreta que nunca se cumplen.',
    to: 'Tienes un plan de acción concreto, semana a semana, y lo llevas adelante.',
  },
  {
    from: 'Sientes que tu vida la deciden las circunstancias o los demás.',
    to: 'Vuelves a ser protagonista de tus decisiones.',
  },
];

const BENEFITS: Benefit[] = [
  {
    title: 'Una sesión 1:1 por semana',
    text: 'Cada semana nos vemos por videollamada para revisar tu avance, destrabar lo que aparezca y ajustar el rumbo.',
  },
  {
    title: 'Teoría que se entiende',
    text: 'Cómo funcionan la mente, las creencias y los niveles de conciencia, explicado simple y aplicado a tu vida.',
  },
  {
    title: 'Práctica para el día a día',
    text: 'Meditaciones, respiración y ejercicios cortos para entrenar tu nueva forma de pensar y de sentir.',
  },
  {
    title: 'Un plan de acción real',
    text: 'Cierras cada semana con pasos concretos: lo que entiendes en la sesión se vuelve algo que haces.',
  },
  {
    title: 'Sin experiencia previa',
    text: 'Empezamos desde donde estás hoy. Solo necesitas ganas de mirarte con honestidad.',
  },
];

const IS_FOR = [
  'Sientes que repites los mismos patrones y quieres entender por qué.',
  'Estás en un momento de cambio y quieres atravesarlo con claridad.',
  'Quieres acompañamiento personal, no un curso más que quede a medias.',
  'Te comprometes a dedicarle un rato cada día a tu proceso.',
];

const IS_NOT_FOR = [
  'Buscas una fórmula mágica que cambie todo sin que hagas nada.',
  'No tienes tiempo ni ganas de practicar entre sesión y sesión.',
  'Necesitas un tratamiento médico o psicológico: el coaching no lo reemplaza.',
];

/** The questions; the one about the price only once the catalogue says it (never a price that may be wrong). */
const faq = (catalogue: PublicCatalogue | null): FaqItem[] => [
  {
    q: '¿Cuánto dura el programa?',
    a: 'Cinco semanas. Cada semana tienes una sesión de coaching 1:1, un poco de teoría, prácticas para hacer en tu casa y un plan de acción para llevarlo a tu vida.',
  },
  ...(catalogue
    ? [
        {
          q: '¿Cuánto cuesta y cómo se paga?',
          a: `Puedes pagarlo en un único pago de ${formatPrice(money(catalogue.reprogramaSingle))} o en pagos semanales de ${formatPrice(money(catalogue.reprogramaWeekly))}. Escríbeme por WhatsApp y te paso los medios de pago disponibles en tu país.`,
        },
      ]
    : []),
  {
    q: '¿Necesito experiencia previa en meditación o coaching?',
    a: 'No. El programa está pensado para empezar desde cero; te acompaño paso a paso y adaptamos las prácticas a tu ritmo.',
  },
  {
    q: '¿Las sesiones son online?',
    a: 'Sí, por videollamada. Solo necesitas una conexión estable y un lugar tranquilo donde puedas hablar con libertad.',
  },
  {
    q: '¿Qué pasa si no puedo asistir a una sesión?',
    a: 'Avísame con tiempo y la reprogramamos dentro de la misma semana. Lo importante es que sostengas tu proceso.',
  },
  {
    q: '¿Cómo sé si el programa es para mí?',
    a: 'Agenda la sesión gratuita: en ese rato vemos juntos dónde estás, a dónde quieres ir y si este es el camino. Sin compromiso.',
  },
];

function Ctas({ center = false }: { center?: boolean }) {
  const { links } = useSiteLinks();
  return (
    <CtaGroup align={center ? 'center' : 'start'}>
      <WhatsAppCta message={REPROGRAMA_WHATSAPP_MESSAGE}>Quiero reprogramarme</WhatsAppCta>
      <CtaButton href={links.bookingClarificationCall} variant="secondary" note={BOOKING_NOTE}>
        Agenda tu sesión gratuita
      </CtaButton>
    </CtaGroup>
  );
}

export function ReprogramaPage() {
  useTrackView('reprograma');
  const catalogue = useCatalogue();
  const { user } = useAuth();

  return (
    <SalesPage>
      <Hero
        eyebrow="Programa de coaching de 5 semanas"
        title={user ? `@${user.username}` : 'Reprogramate'}
        documentTitle="Reprogramate"
        glance={{ title: 'El programa en pocas palabras', facts: GLANCE }}
        lead={
          <>
            <p>{user ? 'Este es tu momento para reprogramarte.' : 'Tu vida cambia cuando cambian tus creencias.'}</p>
            <p>
              Cinco semanas de coaching 1:1, teoría y práctica para soltar lo que te frena y diseñar la vida que quieres vivir, con alguien que te acompaña en
              cada paso.
            </p>
          </>
        }
      >
        <Ctas />
      </Hero>

      <Section
        tone="muted"
        width="wide"
        eyebrow="La transformación"
        title="De dónde partes y a dónde vas"
        intro="No se trata de ser otra persona: se trata de dejar de vivir con las reglas que otros escribieron por ti."
      >
        <FromToPairs pairs={PAIRS} />
      </Section>

      <Section width="wide" eyebrow="Qué incluye" title="Qué vas a vivir en estas 5 semanas">
        <Benefits items={BENEFITS} />
        <Ctas center />
      </Section>

      <Section tone="muted" width="wide" title="¿Es para ti?">
        <ForWhom isFor={IS_FOR} isNotFor={IS_NOT_FOR} />
      </Section>

      <Section eyebrow="Quién te acompaña" title="Sobre tu guía">
        <AboutGuide>
          <p>
            Soy coach holística. En estas cinco semanas combino coaching, meditación, respiración y el estudio de la conciencia para que el cambio no quede en
            una idea linda, sino en hábitos que se sostienen.
          </p>
          <p>Mi trabajo es hacerte las preguntas correctas y acompañarte mientras encuentras tus propias respuestas.</p>
        </AboutGuide>
      </Section>

      <Section tone="muted" id="precio" eyebrow="Tu inversión" title="Empieza hoy tu reprogramación">
        <Price
          title="Reprogramate · 5 semanas"
          price={money(catalogue?.reprogramaSingle)}
          listPrice={money(catalogue?.reprogramaOldAmount)}
          per="pago único"
          alternative={catalogue ? { price: money(catalogue.reprogramaWeekly), per: 'por semana' } : undefined}
          features={[
            '5 sesiones de coaching 1:1, una por semana',
            'Teoría, práctica y plan de acción cada semana',
            'Acompañamiento personal durante todo el proceso',
            'No necesitas experiencia previa',
          ]}
        >
          <Ctas />
        </Price>
      </Section>

      <Section
        tone="accent"
        id="llamada"
        eyebrow="Llamada de claridad"
        title="¿Prefieres que te contactemos?"
        intro="Déjanos tus datos y te escribimos para coordinar una llamada gratuita de claridad. Sin compromiso: si no es tu momento, te lo vamos a decir."
      >
        <ClarificationCallForm page="reprograma" label="Pedir una llamada de claridad" />
      </Section>

      <PageTestimonials page="reprograma" />

      <Section eyebrow="Preguntas frecuentes" title="Lo que suelen preguntarme">
        <Faq items={faq(catalogue)} />
      </Section>

      <Section tone="muted" title="Tu nueva versión empieza con una decisión" intro="Escríbeme o reserva tu sesión gratuita: el primer paso es hoy.">
        <Ctas center />
      </Section>
    </SalesPage>
  );
}

// /masterclasses: the monthly masterclass subscription and its price. Subscribing is
// arranged over WhatsApp; the page makes no backend call besides the visit count.
import { money, useCatalogue } from '../../../lib/catalogue';
import { useTrackView } from '../../../lib/track-view';
import {
  Benefits,
  CtaGroup,
  Faq,
  Hero,
  PageTestimonials,
  Price,
  SalesPage,
  Section,
  Steps,
  WhatsAppCta,
  type Benefit,
  type Fact,
  type FaqItem,
  type Step,
} from '../sales';

export const MASTERCLASSES_WHATSAPP_MESSAGE = '¡Hola! Quiero sumarme a la suscripción de Masterclasses mensuales.';

const INCLUDED: Benefit[] = [
  { title: '3 masterclasses nuevas por mes', text: 'Cada una con su parte teórica y su práctica guiada, para entender y también vivirlo en el cuerpo.' },
  { title: 'Material de apoyo y guías', text: 'Resúmenes, ejercicios y guías descargables para repasar y llevar cada tema a tu día a día.' },
  { title: 'Preguntas y respuestas en vivo', text: 'Encuentros en vivo conmigo para traer tus dudas, tus procesos y lo que vas descubriendo.' },
  { title: 'Comunidad exclusiva', text: 'Un espacio con personas que están en la misma búsqueda, para compartir y sostenerse.' },
  { title: 'Grabaciones cuando quieras', text: '¿No llegaste al vivo? Todas las clases quedan grabadas para que las veas a tu ritmo.' },
  { title: 'Cancelas cuando quieras', text: 'Sin permanencia ni letra chica: te quedas mientras te sirva.' },
];

/** The membership at a glance, as the page details it below. */
const GLANCE: Fact[] = [
  { label: 'Cada mes', value: '3 masterclasses nuevas, con teoría y práctica' },
  { label: 'En vivo', value: 'Encuentros para tus preguntas' },
  { label: 'Grabaciones', value: 'Todas las clases, para verlas a tu ritmo' },
  { label: 'Permanencia', value: 'Ninguna: cancelas cuando quieras' },
];

const THEORY: Benefit[] = [
  { title: 'Las 5 leyes universales', text: 'Los principios que ordenan cómo se mueve la energía y cómo usarlos a tu favor, no en tu contra.' },
  {
    title: 'Las 7 leyes del Kybalion',
    text: 'Mentalismo, correspondencia, vibración, polaridad, ritmo, causa y efecto y generación, llevadas a la vida cotidiana.',
  },
  { title: 'Realidades paralelas', text: 'Cómo cada elección te ubica en una versión distinta de tu vida, y cómo elegir la que quieres habitar.' },
  { title: 'El camino de menor resistencia', text: 'Dejar de empujar la vida a la fuerza y aprender a fluir con lo que ya se está moviendo.' },
  { title: 'Mente superior y mente física', text: 'Qué le toca a cada una, y por qué soltar el control del "cómo" abre puertas que no veías.' },
  { title: 'Los 9 niveles de conciencia', text: 'Un mapa para reconocer desde dónde estás viviendo hoy y hacia dónde quieres expandirte.' },
  { title: 'Niveles de fuerza y poder', text: 'La diferencia entre forzar y sostener desde adentro, y cómo se nota en tus resultados.' },
  { title: 'Ley de resonancia, espejo y atracción', text: 'Lo que ves afuera como reflejo de lo que vibra adentro, y cómo cambiar la frecuencia.' },
];

const PRACTICE: Benefit[] = [
  { title: 'Respiración consciente', text: 'La base de todo: volver al cuerpo y calmar el sistema nervioso en pocos minutos.' },
  { title: 'Pranayamas avanzados', text: 'Técnicas de respiración del yoga para energizarte, equilibrarte o soltar tensión, según lo que necesites.' },
  { title: 'Método de respiración para el frío', text: 'La respiración que prepara cuerpo y mente para la exposición al frío, paso a paso y con seguridad.' },
  {
    title: 'Meditación y activación cuántica',
    text: 'Un método para entrar en estados profundos de presencia y anclar la versión de ti que quieres encarnar.',
  },
  { title: 'Visualización por fases', text: 'Un recorrido guiado, fase por fase, para que tu visión deje de ser una idea y se vuelva una experiencia.' },
  { title: 'Meditación guiada y visualización creativa', text: 'Viajes guiados para imaginar con todos los sentidos lo que estás creando.' },
  { title: 'Activación de la glándula pineal', text: 'Prácticas de respiración, sonido y foco para abrir tu percepción e intuición.' },
];

const HOW_IT_WORKS: Step[] = [
  { title: 'Escríbeme por WhatsApp', text: 'Me cuentas que quieres sumarte y te paso los datos para el pago de la primera cuota.' },
  { title: 'Entras a la comunidad', text: 'Te doy acceso al espacio de la membresía, a las grabaciones y al calendario de clases en vivo.' },
  { title: 'Aprendes y practicas cada mes', text: 'Tres masterclasses nuevas, con teoría, práctica y un encuentro en vivo para tus preguntas.' },
];

const FAQ: FaqItem[] = [
  {
    q: '¿Necesito experiencia previa?',
    a: 'No. Cada masterclass empieza desde lo básico y va profundizando; si ya tienes camino recorrido, igual vas a encontrar capas nuevas.',
  },
  {
    q: '¿Qué pasa si no puedo estar en el vivo?',
    a: 'Todas las clases quedan grabadas y puedes verlas cuando quieras. Tus preguntas me las puedes dejar antes y las respondo en el encuentro.',
  },
  {
    q: '¿Cómo cancelo?',
    a: 'Me escribes por WhatsApp y listo: no se renueva el mes siguiente. Sin permanencia mínima ni penalidades.',
  },
];

function Cta({ children = 'Quiero sumarme' }: { children?: string }) {
  return <WhatsAppCta message={MASTERCLASSES_WHATSAPP_MESSAGE}>{children}</WhatsAppCta>;
}

export function MasterclassesPage() {
  useTrackView('masterclasses');
  const catalogue = useCatalogue();

  return (
    <SalesPage>
      <Hero
        eyebrow="Membresía mensual"
        title="Masterclasses"
        glance={{ title: 'La membresía en pocas palabras', facts: GLANCE }}
        lead={
          <>
            <p>
              Tres masterclasses nuevas por mes, con teoría, práctica y encuentros en vivo, para que sigas creciendo en comunidad, con personas que están en tu
              misma búsqueda.
            </p>
            <p>Entender cómo funciona la energía es valioso. Vivirlo en el cuerpo, todos los meses, es lo que te cambia.</p>
          </>
        }
      >
        <CtaGroup>
          <Cta />
        </CtaGroup>
      </Hero>

      <Section tone="muted" width="wide" eyebrow="Tu suscripción" title="Qué incluye">
        <Benefits items={INCLUDED} />
      </Section>

      <Section
        width="wide"
        eyebrow="Teoría"
        title="Lo que vamos a estudiar"
        intro={<p>Temas profundos explicados simple, con ejemplos de la vida real y sin dogmas.</p>}
      >
        <Benefits items={THEORY} />
        <CtaGroup align="center">
          <Cta>Quiero estudiar estos temas</Cta>
        </CtaGroup>
      </Section>

      <Section
        tone="muted"
        width="wide"
        eyebrow="Práctica"
        title="Lo que vas a practicar"
        intro={<p>Porque la teoría sin práctica se queda en la cabeza: cada clase te deja una herramienta para usar esa misma semana.</p>}
      >
        <Benefits items={PRACTICE} />
      </Section>

      <Section eyebrow="Paso a paso" title="Cómo te sumas">
        <Steps items={HOW_IT_WORKS} />
      </Section>

      <Section id="suscripcion" tone="muted" eyebrow="Inversión" title="Súmate este mes">
        <Price
          title="Masterclasses · suscripción mensual"
          price={money(catalogue?.masterclassesMonthly)}
          listPrice={money(catalogue?.masterclassesOldAmount)}
          per="por mes"
          features={[
            '3 masterclasses nuevas por mes (teoría y práctica)',
            'Material de apoyo y guías',
            'Preguntas y respuestas en vivo conmigo',
            'Comunidad exclusiva',
            'Grabaciones disponibles cuando quieras',
          ]}
          note="Cancelas cuando quieras, sin permanencia."
        >
          <CtaGroup>
            <Cta>Quiero mi suscripción</Cta>
          </CtaGroup>
        </Price>
      </Section>

      <PageTestimonials page="masterclasses" />

      <Section eyebrow="Preguntas frecuentes" title="Antes de sumarte">
        <Faq items={FAQ} />
      </Section>

      <Section tone="accent" title="¿Empezamos?" intro={<p>Escríbeme y te cuento cuándo es la próxima masterclass en vivo.</p>}>
        <CtaGroup align="center">
          <Cta>Escríbeme por WhatsApp</Cta>
        </CtaGroup>
      </Section>
    </SalesPage>
  );
}

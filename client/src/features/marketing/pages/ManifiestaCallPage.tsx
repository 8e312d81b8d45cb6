// /manifiesta-call: the free clarification-call page of the Manifiesta course.
//
// Decision (which of /manifiesta and /manifiesta-call is which was left open):
// /manifiesta is the course enrolment landing (price, five module cards, scroll-to-enrol, payment link) and
// /manifiesta-call is this page: the free 30-minute clarification call, with the external booking link, a
// WhatsApp link and the request form that posts to POST /api/manifiesta/clarification-call. The "-call"
// suffix names the call; the bare product name is where the product is sold.
import { Link } from 'react-router-dom';
import { useSiteLinks, useCoach } from '../../../lib/site';
import { useTrackView } from '../../../lib/track-view';
import { ClarificationCallForm, CtaButton, CtaGroup, ForWhom, GuidePhoto, Hero, SalesPage, Section, Steps, WhatsAppCta, type Fact, type Step } from '../sales';

export const MANIFIESTA_CALL_WHATSAPP_MESSAGE = '¡Hola! Quiero agendar la llamada de claridad gratuita para conocer el curso Manifiesta.';

const STEPS: Step[] = [
  {
    title: 'Nos conocemos',
    text: 'Me cuentas quién eres, a qué te dedicas y qué te trajo hasta aquí. Sin formularios eternos ni guiones.',
  },
  {
    title: 'Miramos dónde estás hoy',
    text: 'Identificamos juntos qué área de tu vida te pide un cambio y qué creencias pueden estar frenándote.',
  },
  {
    title: 'Definimos a dónde quieres llegar',
    text: 'Ponemos en palabras el resultado que buscas, para que tengas claridad aunque no sigamos trabajando juntos.',
  },
  {
    title: 'Vemos si Manifiesta es para ti',
    text: 'Si el curso encaja con lo que necesitas, te cuento cómo seguir. Si no, te lo digo con honestidad y te recomiendo otro camino.',
  },
];

/** The call at a glance, beside the text on a wide screen when there is no portrait of the coach to show there. */
const GLANCE: Fact[] = [
  { label: 'Duración', value: '30 minutos' },
  { label: 'Precio', value: 'Gratis' },
  { label: 'Compromiso', value: 'Ninguno: decides después, con calma' },
  { label: 'Te llevas', value: 'Claridad sobre el resultado que buscas' },
];

const IS_FOR = [
  'Estás pensando en hacer el curso Manifiesta y quieres resolver tus dudas.',
  'Sientes que algo tiene que cambiar, pero no sabes por dónde empezar.',
  'Prefieres hablar con una persona antes de tomar una decisión.',
];

const IS_NOT_FOR = [
  'Buscas una sesión de terapia o una consulta médica.',
  'Quieres una clase gratuita del contenido del curso: esta llamada es para conocernos y darte claridad.',
];

function Ctas({ center = false }: { center?: boolean }) {
  const { links } = useSiteLinks();
  return (
    <CtaGroup align={center ? 'center' : 'start'}>
      <CtaButton href={links.bookingClarificationCall} note="30 minutos · gratis · sin compromiso">
        Agenda tu llamada gratuita
      </CtaButton>
      <WhatsAppCta message={MANIFIESTA_CALL_WHATSAPP_MESSAGE}>Escríbeme por WhatsApp</WhatsAppCta>
    </CtaGroup>
  );
}

export function ManifiestaCallPage() {
  useTrackView('manifiesta-call');
  const { portrait } = useCoach();

  return (
    <SalesPage>
      <Hero
        eyebrow="Llamada gratuita · 30 minutos"
        title="Llamada de claridad"
        media={portrait ? <GuidePhoto lazy={false} /> : undefined}
        glance={{ title: 'La llamada en pocas palabras', facts: GLANCE }}
        lead={
          <>
            <p>Antes de decidir, hablemos.</p>
            <p>
              En 30 minutos por videollamada miramos juntos dónde estás, a dónde quieres llegar y si el curso Manifiesta es el camino para ti. Sin costo y sin
              compromiso.
            </p>
          </>
        }
      >
        <Ctas />
      </Hero>

      <Section tone="muted" eyebrow="Cómo es la llamada" title="Qué pasa en estos 30 minutos">
        <Steps items={STEPS} />
      </Section>

      <Section width="wide" title="¿Para quién es esta llamada?">
        <ForWhom isFor={IS_FOR} isNotFor={IS_NOT_FOR} isForTitle="Es para ti si…" isNotForTitle="No es lo que buscas si…" />
        <Ctas center />
      </Section>

      <Section
        tone="accent"
        id="solicitud"
        eyebrow="¿No encuentras horario?"
        title="Pide que te contactemos"
        intro="Déjanos tus datos y te escribimos para coordinar un día y horario que te queden cómodos."
      >
        <ClarificationCallForm page="manifiesta" label="Pedir la llamada de claridad" />
      </Section>

      <Section title="¿Ya lo tienes decidido?" intro="Si ya sabes que Manifiesta es para ti, no hace falta esperar a la llamada.">
        <p>
          <Link to="/manifiesta">Conoce el curso completo y reserva tu lugar</Link>.
        </p>
      </Section>
    </SalesPage>
  );
}

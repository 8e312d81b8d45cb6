// /hielo: the ice retreat in Córdoba and its price. Reservations go
// through WhatsApp; the page makes no backend call besides the visit count.
import { formatDateRange } from '../../../../../course/catalogue';
import { formatPrice } from '../../../../../course/products';
import { money, spotsNote, useCatalogue, type PublicCatalogue } from '../../../lib/catalogue';
import { useSiteLinks } from '../../../lib/site';
import { useTrackView } from '../../../lib/track-view';
import { MountainLake } from './MountainLake';
import {
  AboutGuide,
  Benefits,
  Checklist,
  CtaButton,
  CtaGroup,
  Facts,
  Faq,
  Hero,
  PageTestimonials,
  Price,
  RetreatPhotos,
  SalesPage,
  Section,
  WhatsAppCta,
  type Benefit,
  type Fact,
  type FaqItem,
} from '../sales';

/** The chat's first words, with the retreat's dates when the catalogue gives them. */
export const hieloWhatsappMessage = (range: string | null) => `¡Hola! Quiero reservar mi lugar en el Retiro de Hielo en Córdoba${range ? ` ${range}` : ''}.`;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const datesOf = (catalogue: PublicCatalogue | null) => (catalogue ? formatDateRange(catalogue.retreatStart, catalogue.retreatEnd) : null);
const retreatSpots = (catalogue: PublicCatalogue | null) => spotsNote(catalogue?.retreatSpots, { one: 'lugar', many: 'lugares' });

/** The retreat's prices (total, deposit and the rest paid to the coach), once the catalogue says them. */
function pricesOf(catalogue: PublicCatalogue | null) {
  if (!catalogue) return null;
  return {
    total: money(catalogue.retreatTotal),
    deposit: money(catalogue.retreatDeposit),
    // In cents, so that 377.5 − 177.25 is 200.25 and not a float's 200.24999….
    remainder: money(Math.round(catalogue.retreatTotal * 100 - catalogue.retreatDeposit * 100) / 100),
  };
}

const facts = (catalogue: PublicCatalogue | null): Fact[] => {
  const dates = datesOf(catalogue);
  const spots = retreatSpots(catalogue);
  return [
    ...(dates ? [{ label: 'Fechas', value: capitalised(dates.range) + (dates.weekdays ? `, ${dates.weekdays}` : '') }] : []),
    ...FACTS,
    ...(spots ? [{ label: 'Lugares', value: spots }] : []),
  ];
};

const FACTS: Fact[] = [
  { label: 'Duración', value: '3 días y 2 noches' },
  { label: 'Lugar', value: 'Un pueblo de montaña en Córdoba, Argentina' },
  { label: 'Alojamiento', value: 'Habitaciones compartidas, con pensión completa' },
  { label: 'Traslado', value: 'No incluido: cada participante llega por su cuenta' },
  { label: 'Nivel', value: 'Para todos los niveles, sin experiencia previa' },
];

const ACTIVITIES: Benefit[] = [
  { title: 'Yoga todos los días', text: 'Clases suaves para despertar el cuerpo por la mañana y soltarlo al final del día.' },
  { title: 'Meditaciones guiadas', text: 'Momentos de silencio y presencia para escucharte sin el ruido de la ciudad.' },
  { title: 'Pranayama', text: 'Técnicas de respiración que preparan cuerpo y mente para el frío y para la calma.' },
  {
    title: 'Inmersiones en hielo supervisadas',
    text: 'En agua a unos 0-5 °C, siempre con acompañamiento y paso a paso: el frío como maestro para atravesar tus límites.',
  },
  { title: 'Trekking consciente', text: 'Caminatas por la sierra a un ritmo que te deja mirar, respirar y conectar.' },
  { title: 'Tiempo en grupo', text: 'Rondas para compartir lo que vas viviendo con personas que están en la misma búsqueda.' },
];

const TO_BRING = [
  'Mat de yoga',
  'Ropa abrigada (por la noche refresca en la montaña)',
  'Traje de baño para las inmersiones',
  'Calzado de trekking',
  'Una botella reutilizable',
];

const faq = (catalogue: PublicCatalogue | null): FaqItem[] => {
  const prices = pricesOf(catalogue);
  return [
    {
      q: '¿Necesito experiencia previa con el frío o con el yoga?',
      a: 'No. El retiro es para todos los niveles: las inmersiones y las prácticas se hacen de forma progresiva y cada persona va a su ritmo.',
    },
    {
      q: '¿Es seguro meterse en agua tan fría?',
      a: 'Las inmersiones en hielo (agua a unos 0-5 °C) son siempre supervisadas, breves y precedidas por respiración y preparación. Si tienes alguna condición de salud, cuéntamelo antes de reservar.',
    },
    {
      q: '¿Cómo reservo mi lugar?',
      a: prices
        ? `Escríbeme por WhatsApp: reservas con un anticipo de ${formatPrice(prices.deposit)} y el resto, ${formatPrice(prices.remainder)}, me lo pagas directamente a mí. El total del retiro es ${formatPrice(prices.total)}.`
        : 'Escríbeme por WhatsApp: reservas con un anticipo y el resto me lo pagas directamente a mí.',
    },
    {
      q: '¿Está incluido el traslado?',
      a: 'No, el traslado hasta el pueblo no está incluido. Sí están incluidos el alojamiento en habitación compartida y la pensión completa los tres días.',
    },
    {
      q: '¿Qué pasa si tengo una dieta especial?',
      a: 'Avísame con anticipación de cualquier necesidad alimentaria (vegetariana, vegana, sin gluten, alergias) y la organizamos antes de que llegues.',
    },
  ];
};

function Ctas({ center = false }: { center?: boolean }) {
  const { links } = useSiteLinks();
  const dates = datesOf(useCatalogue());
  return (
    <CtaGroup align={center ? 'center' : 'start'}>
      <WhatsAppCta message={hieloWhatsappMessage(dates?.range ?? null)}>Quiero reservar mi lugar</WhatsAppCta>
      <CtaButton href={links.bookingClarificationCall} variant="secondary" note="30 minutos, gratis y sin compromiso">
        Agenda una llamada informativa
      </CtaButton>
    </CtaGroup>
  );
}

export function HieloPage() {
  useTrackView('hielo');
  const catalogue = useCatalogue();
  const dates = datesOf(catalogue);
  const prices = pricesOf(catalogue);
  const spots = retreatSpots(catalogue);

  return (
    <SalesPage>
      <Hero
        eyebrow={dates ? `Retiro · ${dates.range.replace(/^del /, '')}` : 'Retiro'}
        title="Retiro de Hielo en Córdoba"
        art={<MountainLake />}
        lead={
          <>
            <p>
              Tres días y dos noches en un pueblo de montaña para volver a ti: yoga, meditación, respiración e inmersiones en hielo, con el cuerpo y la mente en
              calma.
            </p>
            <p>El frío no se vence, se atraviesa. Y cuando lo atraviesas, descubres de lo que eres capaz.</p>
          </>
        }
      >
        <Ctas />
      </Hero>

      <Section tone="muted" width="wide" eyebrow="Lo esencial" title="Fechas, lugar y modalidad">
        <Facts items={facts(catalogue)} />
      </Section>

      <RetreatPhotos />

      <Section width="wide" eyebrow="El programa" title="Qué vamos a vivir">
        <Benefits items={ACTIVITIES} />
        <Ctas center />
      </Section>

      <Section tone="muted" eyebrow="Quién te acompaña" title="Tu guía en el retiro">
        <AboutGuide>
          <p>
            Soy coach holística. En estos tres días usamos el frío como una forma muy directa de salir de la mente y volver al cuerpo, siempre con respiración
            consciente y preparación antes de cada inmersión.
          </p>
          <p>En el retiro te acompaño en cada práctica y en cada inmersión, cuidando que vayas a tu ritmo y que te sientas en confianza en todo momento.</p>
        </AboutGuide>
      </Section>

      <Section id="reserva" eyebrow="Inversión" title="Reserva tu lugar">
        <Price
          title="Retiro de Hielo · 3 días y 2 noches"
          price={prices?.total ?? null}
          listPrice={money(catalogue?.retreatOldAmount)}
          per="en total"
          features={[
            'Alojamiento en habitación compartida',
            'Pensión completa',
            'Yoga, meditación, pranayama e inmersiones en hielo',
            'Trekking consciente y tiempo en grupo',
          ]}
          note={
            prices ? `Reservas con un anticipo de ${formatPrice(prices.deposit)}; el resto me lo pagas directamente a mí.${spots ? ` ${spots}.` : ''}` : null
          }
        >
          <Ctas />
        </Price>
      </Section>

      <Section tone="muted" eyebrow="Prepárate" title="Qué traer">
        <Checklist items={TO_BRING} />
        <p>Si tienes alguna necesidad alimentaria, avísame con anticipación.</p>
      </Section>

      <PageTestimonials page="hielo" />

      <Section eyebrow="Preguntas frecuentes" title="Antes de reservar">
        <Faq items={faq(catalogue)} />
      </Section>

      <Section tone="accent" title="¿Te sumas al retiro?" intro="Los lugares son pocos y las habitaciones, compartidas. Escríbeme y te reservo el tuyo.">
        <Ctas center />
      </Section>
    </SalesPage>
  );
}

// The Manifiesta course as data: five weeks, their activities in order, and the flags the rules read.
// Module 1 is the product's fixed first week; modules 2–5 are ours (emotions, vision, action, integration).

export interface Activity {
  /** 'module-index', e.g. '1-4'. */
  id: string;
  slug: string;
  title: string;
  description: string;
  isFree: boolean;
  isTool: boolean;
  isTheory: boolean;
  isCoaching: boolean;
  /** Never blocks the next activity and is never the "current" one. */
  isIgnorable: boolean;
  pdfUrl?: string;
}

export interface Module {
  module: number;
  title: string;
  landingPageDescription: string;
  landingPageImage: string;
  activities: Activity[];
}

export interface Course {
  title: string;
  subtitle: string;
  modules: Module[];
}

type ActivityInput = Pick<Activity, 'slug' | 'title' | 'description'> & Partial<Pick<Activity, 'isFree' | 'isTool' | 'isTheory' | 'isCoaching' | 'pdfUrl'>>;

function module(number: number, meta: Omit<Module, 'module' | 'activities' | 'landingPageImage'>, activities: ActivityInput[]): Module {
  return {
    module: number,
    ...meta,
    landingPageImage: `/img/modulos/semana-${number}.svg`,
    activities: activities.map((a, i) => {
      const isTool = a.isTool ?? false;
      const isTheory = a.isTheory ?? false;
      return {
        id: `${number}-${i + 1}`,
        slug: a.slug,
        title: a.title,
        description: a.description,
        isFree: a.isFree ?? false,
        isTool,
        isTheory,
        isCoaching: a.isCoaching ?? false,
        isIgnorable: isTool || isTheory,
        ...(a.pdfUrl ? { pdfUrl: a.pdfUrl } : {}),
      };
    }),
  };
}

export const COURSE: Course = {
  title: 'Manifiesta',
  subtitle: 'Cinco semanas para reprogramar tus creencias y crear la vida que eliges',
  modules: [
    module(
      1,
      {
        title: 'Semana 1 · Despertar: tu diagnóstico y tu porqué',
        landingPageDescription: 'Miras tu vida con honestidad, área por área, y descubres qué te mueve de verdad. Es el punto de partida de todo lo que viene.',
      },
      [
        {
          slug: '12-areas-balance',
          title: 'Rueda de la Vida',
          description: 'Califica las 12 áreas de tu vida del 0 al 10 y mira con claridad dónde estás hoy.',
          isFree: true,
        },
        {
          slug: 'concientizando-areas-balance',
          title: 'Concientizando tus Áreas',
          description: 'Escribe qué crees sobre cada área, empezando por las que más te duelen.',
          isFree: true,
        },
        {
          slug: 'viendo-hacia-atras-desde-el-futuro',
          title: 'Viendo hacia Atrás desde el Futuro',
          description: 'Viaja a tu vida ideal y descríbela como si ya fuera real, área por área.',
          isFree: true,
        },
        {
          slug: '7-niveles-deep-why',
          title: 'Los 7 Niveles del Porqué',
          description: 'Elige tres áreas y pregúntate por qué siete veces, hasta encontrar el motor que te impulsa.',
          isFree: true,
        },
        {
          slug: 'meditacion-7-fases',
          title: 'Meditación de las 7 Fases',
          description: 'Presencia, gratitud, amor, perdón, visión, elección y conexión: una práctica para volver a ti.',
          isFree: true,
          isTool: true,
        },
        {
          slug: 'niveles-conciencia-hawkins',
          title: 'Los Niveles de Conciencia',
          description: 'Un mapa de las emociones, de la vergüenza a la paz, para reconocer desde dónde estás creando.',
          isFree: true,
          isTheory: true,
        },
        {
          slug: 'primera-sesion-de-coaching',
          title: 'Tu Primera Sesión de Coaching',
          description: 'Una conversación 1:1 para ordenar lo que descubriste y elegir tu foco para las próximas semanas.',
          isFree: true,
          isCoaching: true,
        },
        {
          slug: 'tus-sistemas-de-creencias-actuales',
          title: 'Tus Sistemas de Creencias Actuales',
          description: 'Identifica las creencias heredadas que hoy deciden por ti y de dónde vienen.',
        },
        {
          slug: 'tus-nuevos-sistemas-de-creencias',
          title: 'Tus Nuevos Sistemas de Creencias',
          description: 'Redacta las creencias que eliges sostener desde ahora y las evidencias que las respaldan.',
        },
        {
          slug: 'umbral-de-creencia',
          title: 'Umbral de Creencia',
          description: 'Pon a prueba cuánto crees en tu meta y encuentra el plazo en el que tu cuerpo dice «sí».',
        },
        {
          slug: 'tu-nueva-historia',
          title: 'Tu Nueva Historia',
          description: 'Reescribe tu historia en primera persona, como la protagonista que elige su camino.',
        },
      ],
    ),
    module(
      2,
      {
        title: 'Semana 2 · Sentir: tus emociones como brújula',
        landingPageDescription: 'Aprendes a escuchar lo que sientes sin pelearte con ello. Cada emoción trae un mensaje; esta semana lo traducimos.',
      },
      [
        {
          slug: 'mapa-de-tus-emociones',
          title: 'El Mapa de tus Emociones',
          description: 'Registra durante un día qué sientes, dónde lo sientes y qué lo despertó.',
        },
        {
          slug: 'herramienta-respiracion-guiada',
          title: 'Respiración Guiada',
          description: 'Un pulso visual para inhalar, sostener y exhalar a tu ritmo cuando necesitas volver al cuerpo.',
          isTool: true,
        },
        {
          slug: 'el-mensaje-de-cada-emocion',
          title: 'El Mensaje de cada Emoción',
          description: 'Descubre qué necesidad protege el enojo, la tristeza o el miedo antes de querer apagarlos.',
        },
        {
          slug: 'soltar-la-culpa-y-el-resentimiento',
          title: 'Soltar la Culpa y el Resentimiento',
          description: 'Un ejercicio de perdón honesto para dejar de cargar lo que ya no te corresponde.',
        },
        {
          slug: 'carta-a-tu-nino-interior',
          title: 'Carta a tu Niño Interior',
          description: 'Escríbele a quien fuiste lo que necesitaba escuchar y nadie le dijo.',
        },
        {
          slug: 'diario-de-gratitud',
          title: 'Diario de Gratitud de 7 Días',
          description: 'Siete días anotando tres cosas concretas que agradeces, para entrenar la mirada.',
        },
        {
          slug: 'segunda-sesion-de-coaching',
          title: 'Segunda Sesión de Coaching',
          description: 'Revisamos juntas lo que sentiste esta semana y lo que cambió en tu forma de reaccionar.',
          isCoaching: true,
        },
      ],
    ),
    module(
      3,
      {
        title: 'Semana 3 · Crear: tu visión encarnada',
        landingPageDescription: 'Tu visión deja de ser un deseo lejano y se vuelve una presencia diaria: la ves, la dices y empiezas a vivirla.',
      },
      [
        {
          slug: 'teoria-5-leyes-universales',
          title: 'Las 5 Leyes Universales',
          description: 'Vibración, correspondencia, causa y efecto, polaridad y ritmo, explicadas para la vida cotidiana.',
          isTheory: true,
        },
        {
          slug: 'conversacion-con-tu-yo-futuro',
          title: 'Conversación con tu Yo Futuro',
          description: 'Una visualización guiada para preguntarle a tu yo de dentro de cinco años qué hizo distinto.',
        },
        {
          slug: 'tu-tablero-de-vision',
          title: 'Tu Tablero de Visión',
          description: 'Elige imágenes y palabras que encarnen tu visión y colócalas donde las veas cada día.',
        },
        {
          slug: 'afirmaciones-en-presente',
          title: 'Afirmaciones en Presente',
          description: 'Convierte tu visión en frases breves, en presente y en primera persona, que tu mente pueda creer.',
        },
        {
          slug: 'tercera-sesion-de-coaching',
          title: 'Tercera Sesión de Coaching',
          description: 'Afinamos tu visión y detectamos qué creencias todavía se resisten.',
          isCoaching: true,
        },
      ],
    ),
    module(
      4,
      {
        title: 'Semana 4 · Actuar: del deseo al plan',
        landingPageDescription: 'La visión necesita pasos. Esta semana la traducimos en metas claras, hábitos pequeños y un plan que sí puedes sostener.',
      },
      [
        {
          slug: 'metas-alineadas-con-tu-porque',
          title: 'Metas Alineadas con tu Porqué',
          description: 'Define tres metas para los próximos 90 días que respondan a los motores que encontraste.',
        },
        {
          slug: 'plan-de-accion-90-dias',
          title: 'Plan de Acción de 90 Días',
          description: 'Divide cada meta en pasos semanales concretos, con fecha y con la primera acción de hoy.',
        },
        {
          slug: 'habitos-ancla',
          title: 'Hábitos Ancla',
          description: 'Engancha cada nuevo hábito a algo que ya haces, para que crezca sin depender de la fuerza de voluntad.',
        },
        {
          slug: 'desarmar-el-autosaboteo',
          title: 'Desarmar el Autosaboteo',
          description: 'Reconoce tus excusas favoritas y prepara de antemano qué harás cuando aparezcan.',
        },
        {
          slug: 'cuarta-sesion-de-coaching',
          title: 'Cuarta Sesión de Coaching',
          description: 'Revisamos tu plan, ajustamos lo que no es realista y celebramos lo que ya empezó.',
          isCoaching: true,
        },
      ],
    ),
    module(
      5,
      {
        title: 'Semana 5 · Integrar: vivir como tu nueva versión',
        landingPageDescription: 'Medimos el camino recorrido, lo celebramos y armamos los rituales que van a sostener tu cambio cuando el curso termine.',
      },
      [
        {
          slug: 'tu-rueda-de-la-vida-hoy',
          title: 'Tu Rueda de la Vida, Hoy',
          description: 'Vuelve a calificar tus 12 áreas y compara con la primera semana: el cambio también se mide.',
        },
        {
          slug: 'rituales-diarios-de-integracion',
          title: 'Rituales Diarios de Integración',
          description: 'Diseña una mañana y una noche que te recuerden quién elegiste ser.',
        },
        {
          slug: 'celebrar-tus-logros',
          title: 'Celebrar tus Logros',
          description: 'Haz la lista de todo lo que cambió, por pequeño que parezca, y agradécetelo.',
        },
        {
          slug: 'tu-manifiesto-personal',
          title: 'Tu Manifiesto Personal',
          description: 'Escribe en una página lo que crees, lo que eliges y cómo quieres vivir a partir de hoy.',
        },
        {
          slug: 'sesion-de-cierre',
          title: 'Sesión de Cierre y Próximos Pasos',
          description: 'Una última sesión 1:1 para integrar el proceso y decidir cómo sigues acompañándote.',
          isCoaching: true,
        },
      ],
    ),
  ],
};

/** Every activity in course order. */
export const ACTIVITIES: readonly Activity[] = COURSE.modules.flatMap((m) => m.activities);

const bySlug = new Map(ACTIVITIES.map((a) => [a.slug, a]));
const byId = new Map(ACTIVITIES.map((a) => [a.id, a]));

export const activityBySlug = (slug: string): Activity | undefined => bySlug.get(slug);
export const activityById = (id: string): Activity | undefined => byId.get(id);
/** The API's calls name activities by slug ('activityId'); an id ('1-4') is accepted too. */
export const findActivity = (slugOrId: string): Activity | undefined => bySlug.get(slugOrId) ?? byId.get(slugOrId);
export const moduleOf = (activity: Activity): number => Number(activity.id.split('-')[0]);

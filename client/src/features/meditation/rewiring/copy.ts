// Everything a visitor reads on the rewiring page besides the steps: the concept panels and the fixed texts
// of the meditation (the quoted ones are fixed wording: keep them letter for letter).

export type ConceptPanel = { title: string; text: string };

export const CONCEPTS = {
  title: 'Lo que hay detrás de la práctica',
  intro:
    'Estas ideas vienen de las enseñanzas canalizadas de Bashar. Te las compartimos como una perspectiva para explorar, no como ciencia médica: quédate con lo que resuene contigo. Esta práctica no sustituye el acompañamiento médico ni psicológico.',
  panels: [
    {
      title: '¿Qué es recablear?',
      text: 'Cada creencia que repites se vuelve un camino conocido para tu mente, y por eso regresa sola. Recablear es trazar a propósito un camino nuevo: elegir cómo quieres interpretar lo que vives y recorrer esa idea tantas veces que se convierta en tu ruta natural.',
    },
    {
      title: 'Quince minutos que cuentan',
      text: 'Bashar propone que, cuando sostienes una nueva creencia con todo tu sentir durante unos quince minutos, empieza a consolidarse. No es una cifra mágica ni una regla médica: es el tiempo aproximado que sugiere para pasar de pensar una idea a habitarla.',
    },
    {
      title: 'El sentir es el idioma',
      text: 'Repetir palabras sin emoción deja poca huella. Desde esta mirada, lo que da fuerza a una creencia nueva es sentirla como si ya fuera cierta: la imaginación te deja vivirla por dentro antes de verla afuera, y la emoción le dice a tu sistema que esto importa.',
    },
    {
      title: 'Un poco cada día',
      text: 'La constancia pesa más que la intensidad. Elige un momento fijo, al despertar o antes de dormir, y recorre estos cinco pasos. Entre una sesión y otra, cuando notes que vuelve el patrón antiguo, respira y recuerda tu ancla: cada vez que eliges de nuevo, el camino se afianza.',
    },
  ] satisfies readonly ConceptPanel[],
} as const;

export const MEDITATION = {
  title: 'Tu meditación de recableado',
  intro:
    'Busca un lugar tranquilo donde nadie te interrumpa durante unos veinte minutos y silencia el teléfono. Vas a recorrer cinco pasos: lee cada uno, cierra los ojos para vivirlo y, cuando sientas que es momento, pasa al siguiente. No hay prisa ni una forma correcta de hacerlo; lo que cuenta es tu presencia.',
  start: 'Comenzar Meditación',
  next: 'Siguiente Paso',
  finish: 'Finalizar Meditación',
  progress: (step: number, total: number) => `Paso ${step} de ${total}`,
  completedTitle: 'Meditación Completada: ¡Recableado en Proceso!',
  completedText:
    'Acabas de regalarle a tu mente unos minutos de una realidad nueva. Repite la práctica cada día, si puedes a la misma hora, y observa con curiosidad qué cambia en tus pensamientos y en tus decisiones.',
  acknowledge: 'Entendido',
  nextActivity: 'Continuar con la Siguiente Actividad',
  syllabus: 'Volver al Temario',
} as const;

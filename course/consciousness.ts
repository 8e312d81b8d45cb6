// Activity 6, the consciousness levels: the scale in the tradition of David R. Hawkins' map of
// consciousness, and the creation pyramid that frames it. A map for self-observation, not a measurement:
// the texts say how each level tends to feel and to see life.

/** From Coraje (200) up, a level belongs to Poder; below it, to Fuerza. */
export const POWER_THRESHOLD = 200;

export type ConsciousnessCategory = 'Fuerza' | 'Poder';

export type ConsciousnessLevel = {
  name: string;
  score: number;
  category: ConsciousnessCategory;
  /** The emotion that tends to colour the level. */
  emotion: string;
  /** How life looks from there. */
  paradigm: string;
  /** One warm sentence on what living at this level is like. */
  insight: string;
};

export const categoryOf = (score: number): ConsciousnessCategory => (score >= POWER_THRESHOLD ? 'Poder' : 'Fuerza');

const level = (name: string, score: number, emotion: string, paradigm: string, insight: string): ConsciousnessLevel => ({
  name,
  score,
  category: categoryOf(score),
  emotion,
  paradigm,
  insight,
});

/**
 * Every named level, from the lowest to the highest: 18. The original scale names 18 levels with their
 * calibrations (Melancolía 60 among them) yet calls itself 17 and counts 'n / 17'. We keep every named
 * level — someone who recognises herself in melancholy must find it on the map — and read the 17 as a
 * miscount: the named list is the precise part, the number a summary of it. The carousel's counter and the
 * table's caption count the levels shown (n / 18), so they say what they count.
 */
export const CONSCIOUSNESS_LEVELS: readonly ConsciousnessLevel[] = [
  level('Vergüenza', 20, 'Humillación', 'Miserable', 'Sientes que el problema eres tú y quisieras esconderte. Mereces compasión, no castigo.'),
  level('Culpa', 30, 'Reproche', 'Maligna', 'Buscas a quién señalar, empezando por ti. La culpa pide castigo; la responsabilidad, en cambio, abre caminos.'),
  level('Apatía', 50, 'Desesperanza', 'Sin salida', 'Nada parece valer la pena y falta la energía para intentarlo. Aquí, pedir ayuda ya es un gran paso.'),
  level(
    'Melancolía',
    60,
    'Tristeza',
    'Sombría',
    'Una tristeza quieta tiñe los días y cuesta imaginar que algo cambie. Darle nombre y compañía es el primer paso para que vuelva el movimiento.',
  ),
  level(
    'Nostalgia',
    75,
    'Pesar',
    'Trágica',
    'Miras hacia lo que se perdió o no fue, y la vida pierde color. Honrar el duelo te devuelve, poco a poco, al presente.',
  ),
  level('Miedo', 100, 'Ansiedad', 'Amenazante', 'El mundo se siente peligroso y te proteges de todo. Nombrar el miedo le quita la mitad de su fuerza.'),
  level('Deseo', 125, 'Anhelo', 'Decepcionante', 'Siempre falta algo para estar bien. El deseo mueve, pero si lo persigues sin pausa, nunca alcanza.'),
  level(
    'Ira',
    150,
    'Odio',
    'Hostil',
    'Sientes que tienes que pelear por lo tuyo. La ira trae energía: bien dirigida, puede ser el impulso para salir de abajo.',
  ),
  level(
    'Orgullo',
    175,
    'Desprecio',
    'Exigente',
    'Te sientes mejor que antes, y a veces mejor que otros. Es frágil: depende de que nadie te lleve la contraria.',
  ),
  level('Coraje', 200, 'Afirmación', 'Posible', 'Dejas de culpar y te haces cargo. Aparece la pregunta que lo cambia todo: «¿qué puedo hacer yo?».'),
  level('Neutralidad', 250, 'Confianza', 'Satisfactoria', 'Ya no necesitas que las cosas salgan de una sola manera. Te sientes a salvo y sueltas el control.'),
  level('Voluntad', 310, 'Optimismo', 'Esperanzadora', 'Dices que sí a la vida y pones lo mejor de ti. Aprendes rápido y te levantas con más facilidad.'),
  level(
    'Aceptación',
    350,
    'Perdón',
    'Armoniosa',
    'Reconoces que tú eres la fuente de tu experiencia. Dejas de pelear con lo que es y eliges qué hacer con ello.',
  ),
  level('Razón', 400, 'Comprensión', 'Con sentido', 'Buscas entender antes que juzgar. La claridad te ayuda a ver el conjunto y a decidir con sabiduría.'),
  level('Amor', 500, 'Reverencia', 'Benévola', 'Miras desde el corazón y ves lo valioso en ti y en los demás. Un amor que no depende de las circunstancias.'),
  level('Alegría', 540, 'Serenidad', 'Plena', 'Una alegría tranquila que nace de adentro. Sientes gratitud por lo simple y compasión por todos.'),
  level('Paz', 600, 'Dicha', 'Perfecta', 'Todo se vive como parte de un mismo todo. Una quietud profunda que no necesita nada de afuera.'),
  level('Iluminación', 700, 'Inefable', 'Simplemente es', 'Más allá de las palabras: la conciencia pura, presente en cada cosa.'),
];

export const LEVEL_COUNT = CONSCIOUSNESS_LEVELS.length;

export type PyramidTier = {
  id: 'beliefs' | 'emotions' | 'thoughts-actions';
  title: string;
  /** The layer of the mind the tier lives in. */
  mind: string;
  explanation: string;
};

/** The creation pyramid, from its base up: what you believe shapes what you feel, which shapes what you think and do. */
export const CREATION_PYRAMID: readonly PyramidTier[] = [
  {
    id: 'beliefs',
    title: 'Creencias',
    mind: 'El inconsciente',
    explanation: 'La base de todo. Son las ideas que aceptaste como verdad, muchas sin darte cuenta, y desde las que interpretas cada cosa que te pasa.',
  },
  {
    id: 'emotions',
    title: 'Emociones',
    mind: 'El subconsciente',
    explanation: 'Nacen de lo que crees. Una misma situación duele o alegra según la creencia que la mira, y la emoción tiñe tu nivel de conciencia.',
  },
  {
    id: 'thoughts-actions',
    title: 'Pensamientos y acciones',
    mind: 'El consciente',
    explanation:
      'La punta visible. Lo que piensas y haces sigue a lo que sientes: por eso cambiar solo la conducta cuesta tanto si la creencia de abajo sigue igual.',
  },
];

import { LEVEL_COUNT } from '../../course/consciousness';

// The texts of 'Los 18 Niveles de Conciencia' (client/public/downloads/niveles-de-conciencia.pdf) that are not
// in course/consciousness.ts: the levels themselves (name, score, category, emotion, view of life, insight)
// and the creation pyramid come from there, so the PDF and the course activity always say the same.
// Voice: tú, like the course activity. Only characters of the PDF standard fonts (WinAnsi).

export const TITLE = `Los ${LEVEL_COUNT} Niveles de Conciencia`;
export const SUBTITLE = 'Un mapa para observarte con honestidad y con ternura';

export const INTRODUCTION: readonly string[] = [
  'Este mapa se inspira en la escala de conciencia que propuso el psiquiatra David R. Hawkins. Ordena dieciocho estados, desde la vergüenza hasta la iluminación, y a cada uno le asigna un número que habla de cuánta energía, apertura y amplitud de mirada tiene.',
  'No es una medición científica ni una etiqueta para ponerte a ti o a los demás. Es una perspectiva: un espejo para observarte. Nadie vive siempre en el mismo nivel; a lo largo de un mismo día puedes pasar por varios, y cada área de tu vida puede estar en un lugar distinto. Lo valioso es darte cuenta de dónde estás ahora y de qué te ayudaría a subir un escalón.',
  'Cada nivel tiene una emoción que lo tiñe y una manera de ver la vida. Cuando cambia la emoción, cambia el mundo que percibes, aunque afuera nada se haya movido todavía.',
];

export const FORCE_AND_POWER: readonly { title: string; text: string }[] = [
  {
    title: 'Fuerza (de 20 a 175)',
    text: 'La energía que empuja. Necesita un enemigo, algo que controlar o algo que conseguir, y por eso desgasta. Vive en la carencia y en la defensa.',
  },
  {
    title: 'Poder (de 200 a 700)',
    text: 'La energía que sostiene. No necesita ganarle a nadie: crea, suma y se renueva. Nace de la responsabilidad, la aceptación y el amor.',
  },
];

export const HOW_TO_READ =
  'Lee la tabla de abajo hacia arriba, como una escalera. Los números no suben en línea recta: cada nivel abarca mucho más que el anterior. Y el paso más importante no es llegar arriba, sino cruzar el umbral del 200.';

export const FIRST_QUESTIONS: readonly string[] = [
  '¿Qué emoción aparece más seguido en tu semana?',
  '¿En qué área de tu vida sientes más Fuerza, y en cuál más Poder?',
  '¿Cuál sería tu siguiente escalón, no el último?',
];

export const QUOTE = '«Cuando cambia la emoción, cambia el mundo que percibes.»';

export const POWER_LEAP = {
  title: 'El Salto al Poder',
  text: [
    'Coraje, con 200 puntos, es el primer nivel de Poder. Es el punto en el que dejas de preguntarte quién tiene la culpa y empiezas a preguntarte qué puedes hacer tú.',
    'Por debajo de ese umbral, la vida se vive como algo que te pasa. Por encima, como algo que co-creas. No hace falta sentirse valiente para cruzarlo: alcanza con un acto pequeño de responsabilidad, repetido cada día.',
  ],
};

export const PYRAMID_INTRO =
  'Tu nivel de conciencia no cambia por fuerza de voluntad en la superficie. Se mueve desde la base: lo que crees da forma a lo que sientes, y lo que sientes da forma a lo que piensas y haces.';

export const PYRAMID_OUTRO =
  'Por eso el trabajo profundo empieza abajo. Cuando revisas una creencia, la emoción cambia sola, y con ella cambian tus pensamientos, tus decisiones y, con el tiempo, tus resultados.';

export const PRACTICES: readonly { title: string; text: string }[] = [
  {
    title: 'Obsérvate sin juzgarte',
    text: 'Tres veces al día, detente un momento y pregúntate: «¿desde qué nivel estoy mirando esto?». No para corregirte, solo para darte cuenta. La observación ya es un movimiento hacia arriba.',
  },
  {
    title: 'Ponle nombre a la emoción',
    text: 'Decir «esto es miedo» o «esto es nostalgia» le quita la mitad de su fuerza. Nombrar lo que sientes te saca de adentro de la emoción y te pone a su lado.',
  },
  {
    title: 'Sube un escalón a la vez',
    text: 'No hace falta saltar de la apatía al amor. Desde la apatía, la ira puede ser un avance; desde el miedo, el deseo. Busca el siguiente escalón, no el último.',
  },
  {
    title: 'Revisa la creencia de la base',
    text: 'Cuando una emoción se repite, pregúntate: «¿qué tendría que creer para sentirme así?». Escribe la creencia y busca una nueva que te sostenga mejor.',
  },
  {
    title: 'Cuida lo que consumes',
    text: 'Noticias, conversaciones, música y pantallas también tienen un nivel. Observa cuáles te dejan más arriba y cuáles más abajo, y elige con intención.',
  },
  {
    title: 'Agradece y sirve',
    text: 'La gratitud y los actos de bondad son atajos hacia los niveles de Poder. Un gesto amable, dado sin esperar nada, cambia el clima por dentro.',
  },
  {
    title: 'Respira y medita',
    text: 'Unos minutos de silencio al día te devuelven a la neutralidad, el lugar desde el que se elige mejor. Puedes acompañarte con la meditación de las 7 fases de Manifiesta.',
  },
];

export const CLOSING = 'Recuerda: no eres tu nivel. Eres la conciencia que puede observarlo y elegir, una y otra vez, dar el siguiente paso.';

export const NEXT_STEP =
  'Para seguir: las afirmaciones son una de las formas más simples de trabajar la base de la pirámide. En Manifiesta encontrarás un ebook de afirmaciones con un fragmento gratuito para empezar hoy.';

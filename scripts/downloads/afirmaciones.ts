// Every text of the ebook 'Afirmaciones que Transforman', read by scripts/make-downloads.ts for both PDFs:
//   assets/private/afirmaciones-ebook-completo.pdf   (the full ebook, served only to buyers)
//   client/public/downloads/afirmaciones-fragmento.pdf   (the free fragment: the chapters in FRAGMENT_CHAPTERS)
// The fragment's chapters are taken from CHAPTERS, so both PDFs always carry the same texts.
// Voice: tú, like the /afirmaciones sales page ("repite", "siente", "tienes"). The affirmations themselves are
// in the first person and avoid gendered adjectives, so they fit every reader.
// Only characters of the PDF standard fonts (WinAnsi): letters with accents, ñ, ¿ ¡ « » – — “ ” ‘ ’ … •.

export type ChapterId = 'abundancia' | 'amor-propio' | 'salud' | 'relaciones' | 'proposito' | 'calma' | 'gratitud' | 'merecimiento';

export type Chapter = {
  id: ChapterId;
  title: string;
  /** One line under the title. */
  lead: string;
  /** 12 to 15 affirmations, first person, present tense. */
  affirmations: readonly string[];
  /** 'Para reflexionar': a short paragraph. */
  reflection: string;
  practice: { title: string; text: string };
};

export const EBOOK = {
  title: 'Afirmaciones',
  subtitle: 'que transforman',
  tagline: 'Frases para reprogramar tu diálogo interno y vivir desde la confianza',
  author: 'Manifiesta · Coaching holístico',
} as const;

export const CHAPTERS: readonly Chapter[] = [
  {
    id: 'abundancia',
    title: 'Abundancia',
    lead: 'La abundancia empieza en cómo miras lo que ya tienes.',
    affirmations: [
      'Soy abundante por naturaleza y lo reconozco en cada detalle de mi vida.',
      'El dinero llega a mí con facilidad y lo recibo con gratitud.',
      'Hay suficiente para mí y para todas las personas.',
      'Me abro a recibir con la misma alegría con la que doy.',
      'Cada día descubro nuevas formas de generar prosperidad.',
      'Mi valor no depende de lo que tengo, y desde ese lugar creo riqueza.',
      'Uso el dinero con sabiduría y lo hago circular con amor.',
      'Las oportunidades aparecen en mi camino y sé reconocerlas.',
      'Merezco vivir con holgura, tranquilidad y disfrute.',
      'Mi trabajo aporta valor y es bien recompensado.',
      'Suelto la escasez que aprendí y elijo la confianza.',
      'Celebro la abundancia de los demás, porque también habla de la mía.',
      'La abundancia me rodea: en la naturaleza, en mis vínculos, en mis ideas.',
    ],
    reflection:
      'Muchas de nuestras ideas sobre el dinero las aprendimos en la infancia, escuchando frases como «el dinero no crece en los árboles» o «para tener hay que sacrificarse». Sin darte cuenta, esas frases se volvieron creencias, y las creencias son la base desde la que sientes, piensas y actúas. La abundancia no es solo cuánto tienes: es desde dónde vives lo que tienes. Desde la escasez, que siempre cuenta lo que falta, o desde la confianza, que ve lo que ya está y lo hace crecer.',
    practice: {
      title: 'Diario de abundancia',
      text: 'Durante siete noches, anota tres momentos en los que hoy fuiste abundante: de tiempo, de afecto, de ideas, de dinero o de belleza. Al terminar la semana, vuelve a leer todo y elige la afirmación de este capítulo que más te resuene para repetirla cada mañana.',
    },
  },
  {
    id: 'amor-propio',
    title: 'Amor propio',
    lead: 'Eres la relación más larga de tu vida: cuídala.',
    affirmations: [
      'Me acepto tal como soy hoy, con mis luces y mis sombras.',
      'Soy suficiente ahora, sin tener que demostrar nada.',
      'Me hablo con la misma ternura con la que le hablo a quien amo.',
      'Honro mis necesidades y me doy permiso para atenderlas.',
      'Mis errores me enseñan; no me definen.',
      'Pongo límites con amor, y eso también es quererme.',
      'Mi cuerpo, mi historia y mi sensibilidad son valiosos.',
      'Disfruto de mi propia compañía.',
      'Celebro cada paso que doy, aunque sea pequeño.',
      'Me perdono por las veces en que no supe hacerlo mejor.',
      'Mi valor no se negocia ni depende de la mirada de otros.',
      'Cada día me conozco un poco más, y me gusta lo que descubro.',
      'Cuanto más me quiero, más amor tengo para dar.',
    ],
    reflection:
      'El amor propio no es egoísmo ni vanidad: es el suelo sobre el que construyes todos tus vínculos. Si por dentro te hablas con dureza, el mundo entero suena duro. Muchos aprendimos que valíamos por lo que hacíamos, por lo que lográbamos o por lo bien que nos portábamos. Estas afirmaciones te proponen otra idea, más simple y más verdadera: vales porque existes. Todo lo demás es camino.',
    practice: {
      title: 'El espejo',
      text: 'Cada mañana, durante una semana, mírate a los ojos en el espejo y di en voz alta tres afirmaciones de este capítulo, despacio, sosteniendo la mirada. Si aparece incomodidad o ganas de reírte, no pasa nada: es la vieja creencia haciéndose notar. Respira, sonríete y sigue.',
    },
  },
  {
    id: 'salud',
    title: 'Salud y cuerpo',
    lead: 'Tu cuerpo escucha todo lo que le dices.',
    affirmations: [
      'Mi cuerpo es mi hogar y lo habito con gratitud.',
      'Cada célula de mi cuerpo sabe sanar y se renueva.',
      'Escucho las señales de mi cuerpo y le respondo con amor.',
      'Respiro hondo y me lleno de calma y de energía.',
      'Elijo alimentos que me nutren y me hacen bien.',
      'Descanso sin culpa: el descanso también es salud.',
      'Mi cuerpo es fuerte, sabio y resiliente.',
      'Me muevo con alegría y disfruto de la energía que me habita.',
      'Agradezco a mi cuerpo todo lo que hace por mí cada día.',
      'Suelto las tensiones que ya no necesito cargar.',
      'Mi mente en calma es medicina para mi cuerpo.',
      'Cuido mi salud con constancia y con ternura.',
      'Hoy elijo hábitos que mi yo del futuro va a agradecer.',
      'Estoy en paz con mi cuerpo tal como es hoy.',
    ],
    reflection:
      'Lo que sientes no se queda en la mente: se aloja en la respiración, en los hombros, en el estómago. Por eso tu cuerpo es también un mapa de tus emociones. Hablarle con gratitud en lugar de exigencia cambia la forma en que lo cuidas y la forma en que lo habitas. Estas afirmaciones acompañan, y nunca reemplazan, el cuidado de los profesionales de la salud: son una manera de acompañar, desde adentro, tu propio bienestar.',
    practice: {
      title: 'Escaneo de gratitud',
      text: 'Antes de dormir, recorre tu cuerpo con la atención, desde los pies hasta la cabeza. En cada zona, respira y di en silencio «gracias». Si encuentras tensión, no la juzgues: deja que la exhalación la afloje. Termina con la afirmación «Cada célula de mi cuerpo sabe sanar y se renueva».',
    },
  },
  {
    id: 'relaciones',
    title: 'Relaciones',
    lead: 'Tus vínculos son el espejo donde más creces.',
    affirmations: [
      'Atraigo vínculos sanos, honestos y recíprocos.',
      'Me rodeo de personas que me respetan y me inspiran.',
      'Escucho con el corazón abierto y me expreso con claridad.',
      'Doy y recibo amor con libertad.',
      'Respeto los tiempos y los caminos de los demás.',
      'Suelto con gratitud los vínculos que ya cumplieron su ciclo.',
      'Elijo comprender antes que juzgar.',
      'Mis relaciones me muestran dónde puedo crecer.',
      'Digo lo que siento con amor y sin miedo.',
      'Perdono para liberarme, no para justificar.',
      'Soy una presencia amorosa en la vida de quienes me rodean.',
      'Hay lugar en mi vida para amistades profundas y verdaderas.',
      'Cuanto más me respeto, más respeto recibo.',
    ],
    reflection:
      'Las personas que te rodean funcionan como un espejo: lo que más te molesta de alguien suele señalar algo tuyo que pide atención, y lo que más admiras, algo tuyo que quiere crecer. Cambiar un vínculo no empieza por cambiar al otro, sino por cambiar el lugar desde el que te vinculas. Cuando te tratas con respeto, dejas de aceptar menos, y cuando sueltas la necesidad de tener razón, aparece el espacio para el encuentro.',
    practice: {
      title: 'Carta sin enviar',
      text: 'Elige un vínculo que hoy te pese. Escríbele una carta que no vas a enviar: qué te dolió, qué agradeces y qué eliges de ahora en adelante. Ciérrala con la afirmación «Perdono para liberarme, no para justificar». Después rómpela, quémala con cuidado o guárdala, como lo sientas.',
    },
  },
  {
    id: 'proposito',
    title: 'Propósito',
    lead: 'Tu vida tiene una dirección, aunque todavía no veas todo el mapa.',
    affirmations: [
      'Mi vida tiene sentido y cada día lo descubro un poco más.',
      'Mis talentos son un regalo para el mundo.',
      'Sigo lo que me entusiasma: ahí está mi camino.',
      'Confío en el camino, aunque todavía no vea todo el recorrido.',
      'Cada experiencia me prepara para lo que vine a hacer.',
      'Me animo a ser quien soy, sin pedir permiso.',
      'Lo que hago con amor deja huella.',
      'Tomo decisiones alineadas con mis valores.',
      'Me doy permiso para cambiar de rumbo cuando mi corazón lo pide.',
      'Mi propósito se revela cuando sirvo a otros desde lo que amo.',
      'Doy cada día un paso concreto hacia mis sueños.',
      'Estoy justo donde necesito estar para dar el siguiente paso.',
      'Mi voz importa y la uso con valentía.',
    ],
    reflection:
      'El propósito rara vez llega como una revelación repentina. Se parece más a un hilo que vas encontrando al mirar hacia atrás: aquello que siempre volvías a hacer, lo que te encendía los ojos, lo que otros venían a buscar en ti. No hace falta tenerlo todo claro para empezar. Alcanza con seguir lo que te entusiasma hoy, con honestidad, y dejar que el camino se vaya dibujando a medida que lo recorres.',
    practice: {
      title: 'Las tres preguntas',
      text: 'Responde por escrito: ¿qué harías aunque nadie te pagara por hacerlo? ¿Qué te dicen los demás que haces bien? ¿Qué dolor del mundo te gustaría aliviar? Donde las tres respuestas se tocan, suele asomar tu propósito. Anota un primer paso pequeño y dalo esta misma semana.',
    },
  },
  {
    id: 'calma',
    title: 'Calma',
    lead: 'La paz siempre está a una respiración de distancia.',
    affirmations: [
      'Respiro y vuelvo a mi centro.',
      'En este momento estoy a salvo.',
      'Suelto lo que no puedo controlar y me ocupo de lo que sí.',
      'Mi mente se aquieta y mi cuerpo se relaja.',
      'Un paso a la vez es suficiente.',
      'Elijo la calma como respuesta.',
      'Mis pensamientos pasan como nubes; yo soy el cielo.',
      'No necesito resolverlo todo hoy.',
      'La paz que busco ya vive dentro de mí.',
      'Me doy permiso para hacer una pausa.',
      'Confío en que la vida me sostiene.',
      'Cada exhalación me devuelve al presente.',
      'Dentro de mí hay un lugar sereno al que siempre puedo volver.',
    ],
    reflection:
      'La ansiedad vive en el futuro y la culpa, en el pasado; la calma solo existe en el presente. En el mapa de los niveles de conciencia, la serenidad aparece cuando dejas de pelear con lo que es y te preguntas qué puedes hacer con ello. No se trata de no sentir: se trata de no dejar que cada ola te arrastre. La respiración es la puerta más rápida que tienes para volver a ti, y está disponible en todo momento.',
    practice: {
      title: 'Respiración cuadrada',
      text: 'Inhala contando hasta cuatro, sostén el aire en cuatro, exhala en cuatro y quédate sin aire otros cuatro tiempos. Haz cuatro rondas y después repite tres veces «En este momento estoy a salvo». Úsala al despertar, antes de una conversación difícil o cuando la ansiedad golpee la puerta.',
    },
  },
  {
    id: 'gratitud',
    title: 'Gratitud',
    lead: 'Lo que agradeces, crece.',
    affirmations: [
      'Agradezco este nuevo día y todo lo que trae.',
      'Mi vida está llena de pequeños milagros.',
      'Doy gracias por lo que tengo mientras camino hacia lo que deseo.',
      'Agradezco a las personas que me acompañan.',
      'Encuentro algo bello en cada jornada.',
      'Mi corazón agradecido atrae más motivos para agradecer.',
      'Agradezco también los desafíos, porque me hacen crecer.',
      'Gracias, cuerpo; gracias, hogar; gracias, vida.',
      'Cada abrazo, cada comida y cada amanecer son un regalo.',
      'La gratitud convierte lo que tengo en suficiente.',
      'Agradezco a mi pasado todo lo que me enseñó.',
      'Celebro la persona que soy hoy.',
      'Vivo en estado de gratitud, y eso cambia mi manera de ver.',
    ],
    reflection:
      'La mente está entrenada para detectar lo que falta: fue útil para sobrevivir, pero es agotadora para vivir. La gratitud es el entrenamiento contrario. Cuando agradeces, tu atención se posa en lo que ya funciona, el cuerpo se relaja y aparece una sensación de suficiencia que es la base de cualquier abundancia. No hace falta que todo esté bien para agradecer; alcanza con encontrar una sola cosa verdadera.',
    practice: {
      title: 'El frasco de gratitud',
      text: 'Consigue un frasco y papelitos. Cada noche escribe una cosa que agradezcas de ese día, por pequeña que sea, y guárdala. Los días grises, saca tres papelitos al azar y léelos en voz alta. En un mes vas a tener un frasco lleno de pruebas de que la vida también te cuida.',
    },
  },
  {
    id: 'merecimiento',
    title: 'Merecimiento',
    lead: 'Mereces lo bueno, sin tener que ganártelo.',
    affirmations: [
      'Merezco amor, respeto y bienestar.',
      'Merezco lo bueno, simplemente porque existo.',
      'Recibo con los brazos abiertos lo bueno que la vida me ofrece.',
      'Me doy permiso para disfrutar sin culpa.',
      'Merezco descansar, jugar y ser feliz.',
      'Acepto los elogios con un sencillo «gracias».',
      'Lo que deseo también viene hacia mí.',
      'No necesito ganarme el amor: el amor es mi naturaleza.',
      'Suelto la idea de que tengo que sufrir para merecer.',
      'Mi bienestar suma al bienestar de todos.',
      'Me abro a recibir más de lo que alguna vez imaginé.',
      'Merezco relaciones que me nutran y me cuiden.',
      'Me elijo cada día, con amor y sin pedir disculpas.',
      'Hoy me abro a una vida más plena de la que me permitía creer.',
    ],
    reflection:
      'Puedes desear algo con todo el corazón y, al mismo tiempo, sentir por dentro que no es para ti. Ese es el techo invisible del merecimiento: una creencia silenciosa que frena lo que pides justo antes de que llegue. Suele venir de mensajes viejos, como «no te creas más que nadie», «algo habrás hecho» o «primero el deber». Merecer no es un premio por portarte bien. Es reconocer que tu bienestar no le quita nada a nadie.',
    practice: {
      title: 'Aprender a recibir',
      text: 'Durante una semana, cada vez que alguien te ofrezca algo, sea un elogio, una ayuda o un regalo, responde solo «gracias», sin justificarte ni devolver el favor enseguida. Por la noche, anota cómo te sentiste. Notar la incomodidad es el primer paso para ampliar tu capacidad de recibir.',
    },
  },
];

/** The chapters of the free fragment, in this order (a subset of CHAPTERS, same texts). */
export const FRAGMENT_CHAPTERS: readonly ChapterId[] = ['abundancia', 'amor-propio'];

/** 'Bienvenida' of the full ebook. */
export const WELCOME: readonly string[] = [
  'Las palabras que te dices todos los días construyen la casa en la que vives. Algunas las elegiste; muchas otras las heredaste sin darte cuenta: frases que escuchaste en la infancia, miedos de otros, ideas que se repitieron tanto que terminaron pareciendo verdad.',
  'Este ebook es una invitación a elegirlas de nuevo. Las afirmaciones no son magia ni autoengaño: son una herramienta para entrenar tu diálogo interno. Lo que repites con emoción se vuelve familiar, lo familiar se vuelve creíble, y lo creíble termina guiando lo que sientes, lo que piensas y lo que haces.',
  'Vas a encontrar ocho capítulos, cada uno con afirmaciones, una reflexión y una práctica concreta, y al final un plan de 21 días para convertir todo esto en hábito. No hace falta leerlo de corrido: ábrelo donde más lo necesites hoy.',
];

/** 'Cómo usar las afirmaciones': the three keys and a few more tips. */
export const HOW_TO = {
  intro:
    'Una afirmación es una frase corta que describe, en primera persona y en presente, la realidad que eliges vivir. Para que deje de ser una frase linda y se convierta en una creencia nueva, hay tres claves.',
  keys: [
    {
      title: 'En presente',
      text: 'Di «soy», «tengo», «elijo», y no «voy a ser» o «algún día». Tu mente no entiende de mañanas: lo que pones en futuro se queda siempre en el futuro. Afirma como si ya estuviera pasando, porque por dentro empieza a pasar en el momento en que lo dices.',
    },
    {
      title: 'Con sentimiento',
      text: 'La palabra es la semilla; la emoción es el agua. Mientras repites, imagina cómo se siente que ya sea verdad: dónde estás, qué ves, qué cambia en tu cuerpo, en tu respiración, en tu cara. Una afirmación sentida una vez vale más que cien dichas en piloto automático.',
    },
    {
      title: 'Con repetición',
      text: 'Tus creencias actuales se formaron a fuerza de repetición, y así también se transforman. Elige tres afirmaciones y repítelas cada mañana y cada noche durante al menos 21 días. La constancia le gana a la intensidad.',
    },
  ],
  tips: [
    'Formúlalas en positivo: «vivo en calma» en lugar de «no tengo ansiedad».',
    'Si una afirmación te genera rechazo, tiéndele un puente: «estoy aprendiendo a…», «me abro a la posibilidad de…».',
    'Los mejores momentos son al despertar y antes de dormir, cuando la mente está más receptiva.',
    'Dilas frente al espejo, escríbelas a mano tres veces o grábalas con tu propia voz.',
    'Acompáñalas con una acción pequeña: la afirmación abre la puerta, el paso la atraviesa.',
  ],
} as const;

/** 'Crea tus propias afirmaciones' (full ebook only). */
export const CREATE_YOUR_OWN = {
  intro: 'Las afirmaciones más poderosas son las que nacen de tu propia historia. Con estos cinco pasos puedes escribir las tuyas.',
  steps: [
    { title: 'Nombra la creencia', text: 'Escribe la frase que te limita tal como suena por dentro. Por ejemplo: «A mí nunca me alcanza el dinero».' },
    { title: 'Busca su opuesto', text: 'Pregúntate qué quieres creer en su lugar: «Tengo lo suficiente y sigue llegando más».' },
    { title: 'Ponla en presente', text: 'Primera persona, tiempo presente, sin «no» ni «nunca».' },
    { title: 'Pruébala en el cuerpo', text: 'Dila en voz alta. Si se siente demasiado lejana, súmale un puente: «Me abro a…».' },
    { title: 'Dale un lugar', text: 'Escríbela donde la veas todos los días y súmala a tus afirmaciones ancla.' },
  ],
  worksheet: ['La creencia que suelto:', 'La creencia que elijo:', 'Mi afirmación:', 'Cuándo y dónde la voy a repetir:'],
} as const;

export type PlanDay = { day: number; chapter: string; practice: string };

/** The 21-day plan (full ebook): three weeks of seven days. */
export const PLAN: readonly { week: string; theme: string; days: readonly PlanDay[] }[] = [
  {
    week: 'Semana 1',
    theme: 'Preparar la tierra',
    days: [
      { day: 1, chapter: 'Calma', practice: 'Respiración cuadrada al despertar y tres afirmaciones de calma.' },
      { day: 2, chapter: 'Gratitud', practice: 'Antes de dormir, anota cinco cosas que agradeces del día.' },
      { day: 3, chapter: 'Amor propio', practice: 'El ejercicio del espejo con tres afirmaciones.' },
      { day: 4, chapter: 'Amor propio', practice: 'Escribe diez cualidades tuyas, sin falsa modestia.' },
      { day: 5, chapter: 'Salud y cuerpo', practice: 'Escaneo de gratitud por todo tu cuerpo antes de dormir.' },
      { day: 6, chapter: 'Calma', practice: 'Diez minutos sin pantallas, solo respirando y observando.' },
      { day: 7, chapter: 'Repaso', practice: 'Elige tus tres afirmaciones ancla para la semana que viene.' },
    ],
  },
  {
    week: 'Semana 2',
    theme: 'Abrirte a recibir',
    days: [
      { day: 8, chapter: 'Merecimiento', practice: 'Responde a cada elogio solo con «gracias».' },
      { day: 9, chapter: 'Merecimiento', practice: 'Regálate un gusto sin pedir permiso ni dar explicaciones.' },
      { day: 10, chapter: 'Abundancia', practice: 'Diario de abundancia: tres momentos abundantes del día.' },
      { day: 11, chapter: 'Abundancia', practice: 'Reescribe en positivo una creencia vieja sobre el dinero.' },
      { day: 12, chapter: 'Relaciones', practice: 'Mándale un mensaje de agradecimiento a alguien importante.' },
      { day: 13, chapter: 'Relaciones', practice: 'La carta sin enviar a un vínculo que te pese.' },
      { day: 14, chapter: 'Repaso', practice: 'Relee tus notas y observa qué cambió en tu diálogo interno.' },
    ],
  },
  {
    week: 'Semana 3',
    theme: 'Crear',
    days: [
      { day: 15, chapter: 'Propósito', practice: 'Responde por escrito las tres preguntas del propósito.' },
      { day: 16, chapter: 'Propósito', practice: 'Haz una acción concreta, por pequeña que sea, hacia tu sueño.' },
      { day: 17, chapter: 'Salud y cuerpo', practice: 'Suma un hábito que tu cuerpo agradezca: agua, movimiento, descanso.' },
      { day: 18, chapter: 'Gratitud', practice: 'Empieza tu frasco de gratitud.' },
      { day: 19, chapter: 'Calma', practice: 'Medita diez minutos con «La paz que busco ya vive dentro de mí».' },
      { day: 20, chapter: 'Tu afirmación', practice: 'Escribe tu propia afirmación con los cinco pasos del ebook.' },
      { day: 21, chapter: 'Celebración', practice: 'Lee en voz alta tus afirmaciones ancla y celebra el camino.' },
    ],
  },
];

export const PLAN_INTRO =
  'Veintiún días alcanzan para que una práctica empiece a sentirse natural. Cada día tiene un capítulo de foco y una acción concreta. Todos los días, además, repite tus tres afirmaciones ancla al despertar y antes de dormir. Si un día se te pasa, no empieces de cero: retoma al día siguiente, con amabilidad.';

/** 'Antes de despedirnos' (full ebook). */
export const CLOSING: readonly string[] = [
  'Llegaste al final de estas páginas, pero no al final del camino. Las afirmaciones no transforman tu vida por leerlas una vez; la transforman cuando se vuelven tu forma de hablarte, un día y otro y otro más.',
  'Habrá mañanas en las que las digas con el corazón abierto y otras en las que te cueste creerlas. Las dos cuentan. Cada repetición es un voto por la persona que estás eligiendo ser.',
  'Vuelve a este ebook cada vez que lo necesites. Subráyalo, escribe en los márgenes, comparte con alguien querido la frase que te tocó. Y si sientes que quieres ir más profundo, en Manifiesta te espera el curso guiado, con actividades para descubrir tus creencias y reprogramarlas paso a paso.',
];

/** The quote at the foot of both welcome pages. */
export const WELCOME_QUOTE = '«Tus palabras son semillas: elige con amor lo que siembras.»';

export const SIGNATURE = 'Con cariño, tu coach de Manifiesta';

/** The fragment's first page and its closing invitation. */
export const FRAGMENT_WELCOME: readonly string[] = [
  'Las palabras que te dices todos los días construyen la casa en la que vives. Este fragmento gratuito de «Afirmaciones que transforman» te regala dos capítulos completos para que empieces hoy a elegirlas de nuevo: Abundancia y Amor propio.',
  'Cada capítulo trae afirmaciones para repetir, una reflexión breve y una práctica concreta. Antes de empezar, lee la página siguiente: ahí están las tres claves para que una afirmación deje de ser una frase linda y se convierta en una creencia nueva.',
];

export const FRAGMENT_CLOSING = {
  title: '¿Quieres seguir?',
  paragraphs: [
    'Ojalá estas páginas te hayan acompañado. Si alguna afirmación te tocó el corazón, anótala y repítela cada mañana de esta semana: ahí empieza el cambio.',
    'El ebook completo suma seis capítulos más, con sus afirmaciones, reflexiones y prácticas, una guía para crear tus propias afirmaciones y un plan de 21 días para convertirlas en hábito.',
  ],
  cta: 'Lo encuentras en la página de Afirmaciones de Manifiesta.',
} as const;

// What the demo learners write: beliefs and visions per life area, answers to the seven levels of why,
// revelations, belief-threshold goals and doubts, lesson reflections and the coach's notes. First person,
// neutral Spanish. `{a|o}` marks a word that agrees with the writer ('f' takes the first form).
import type { Gender } from './people';

/** Resolves the `{female|male}` marks of a text for a writer. */
export const inflect = (text: string, gender: Gender) => text.replace(/\{([^|{}]*)\|([^|{}]*)\}/g, (_m, f: string, m: string) => (gender === 'f' ? f : m));

interface AreaTexts {
  /** What someone who rates the area low (≤ 5) believes about it today. */
  low: string[];
  /** … and someone who rates it high. */
  high: string[];
  /** The area seen from the future, as already lived. */
  visions: string[];
  /** Two ways into the first three levels of why for this area. */
  whyOpenings: string[][];
}

export const AREA_TEXTS: Record<string, AreaTexts> = {
  'love-relationship': {
    low: [
      'Creo que para que me quieran tengo que dar todo y no pedir nada. En casa vi a mi mamá aguantar mucho y, sin darme cuenta, aprendí que amar es sacrificarse.',
      'Me repito que las relaciones siempre terminan mal y que es mejor no ilusionarme. Cuando algo sale mal pienso: «otra vez lo mismo, yo no sirvo para esto».',
      'Siento que si muestro quién soy de verdad, la otra persona se va a ir. Por eso me adapto y termino perdiéndome en la pareja.',
    ],
    high: [
      'Creo que merezco un amor tranquilo, y hoy lo estoy viviendo. Aprendí a decir lo que necesito sin miedo a que me dejen.',
      'Mi relación es un lugar seguro. Creo que el amor se construye todos los días con pequeños gestos, y eso hacemos.',
    ],
    visions: [
      'Es domingo y desayunamos sin apuro, con música y el sol entrando por la ventana. Nos escuchamos de verdad. Me siento elegid{a|o} y libre al mismo tiempo.',
      'Vivo un vínculo donde hay respeto, ternura y mucha risa. Cuando discutimos, nos cuidamos. Ya no acepto migajas: elijo todos los días un amor que me hace bien.',
      'Me amo tanto que la pareja llega a sumar, no a llenar un vacío. Compartimos proyectos, viajamos y cada un{a|o} tiene su espacio.',
    ],
    whyOpenings: [
      [
        'Porque estoy cansad{a|o} de conformarme con relaciones a medias y quiero sentirme amad{a|o} de verdad.',
        'Porque cuando no me siento amad{a|o} me apago, dejo de cuidarme y de creer en mí.',
        'Porque quiero dejar de buscar afuera la validación que no me doy yo.',
      ],
      [
        'Porque quiero compartir mi vida con alguien que me elija todos los días, y elegirme yo también.',
        'Porque vi a mis padres vivir juntos sin amor y no quiero repetir esa historia.',
        'Porque siento que merezco algo distinto a lo que aprendí en casa.',
      ],
    ],
  },
  friendships: {
    low: [
      'Siempre soy yo {la|el} que escucha y sostiene, pero cuando necesito algo no sé a quién llamar. Creo que pedir ayuda es molestar.',
      'Cuando alguien se aleja pienso que hice algo mal. Me cuesta confiar porque me decepcionaron varias veces.',
      'Creo que tengo que estar siempre bien para que me quieran cerca. Si estoy triste, me encierro y no respondo mensajes.',
    ],
    high: [
      'Tengo pocas amistades, pero profundas. Sé que puedo llamar a cualquiera de ellas a las tres de la mañana.',
      'Creo que las amistades se riegan como las plantas, y me ocupo de eso: escribo, invito, celebro.',
    ],
    visions: [
      'Tengo un grupo de amigas y amigos con quienes nos vemos cada semana. Nos reímos hasta llorar y también nos acompañamos en los días difíciles.',
      'Soy {una amiga|un amigo} presente y también sé recibir. Pido ayuda sin culpa y la recibo con gratitud.',
      'Mis amistades me inspiran: compartimos caminatas, libros y proyectos. Me rodeo de personas que me recuerdan quién soy.',
    ],
    whyOpenings: [
      [
        'Porque me siento sol{a|o} aunque esté rodead{a|o} de gente.',
        'Porque quiero tener con quién compartir lo bueno y lo malo sin sentir que molesto.',
        'Porque necesito sentir que pertenezco a algún lugar.',
      ],
      [
        'Porque me di cuenta de que siempre doy y nunca me animo a recibir.',
        'Porque quiero vínculos recíprocos donde no tenga que ganarme el cariño.',
        'Porque estoy aprendiendo que valgo aunque no esté haciendo algo por los demás.',
      ],
    ],
  },
  finances: {
    low: [
      'En mi casa se decía que la plata no alcanza y que el que tiene mucho algo hizo mal. Todavía siento culpa cuando cobro lo que valgo.',
      'Cuando miro mi cuenta siento un nudo en el estómago. Creo que el dinero se me escapa de las manos haga lo que haga.',
      'Creo que para ganar más tendría que trabajar el doble y no ver a mi familia. Por eso me conformo con lo justo.',
    ],
    high: [
      'El dinero es una herramienta y estoy aprendiendo a usarla con calma. Ahorro todos los meses y eso me da paz.',
      'Creo que puedo vivir de lo que me gusta. Ya me pasa en parte y quiero más.',
    ],
    visions: [
      'Gano lo suficiente para vivir tranquil{a|o}, ahorrar e invertir, haciendo un trabajo que amo. Miro mi cuenta con calma y gratitud.',
      'Tomo decisiones desde la libertad: elijo dónde vivir, cuándo viajar y a quién ayudar. El dinero ya no es una preocupación sino una herramienta.',
      'Tengo un fondo de reserva, mis deudas están saldadas y le regalo a mi mamá el viaje que siempre soñó.',
    ],
    whyOpenings: [
      [
        'Porque estoy cansad{a|o} de llegar a fin de mes con angustia.',
        'Porque la falta de dinero me roba la tranquilidad y me pone de mal humor con mi familia.',
        'Porque quiero dejar de tomar decisiones desde el miedo.',
      ],
      [
        'Porque quiero dejar de depender de otros para decidir sobre mi vida.',
        'Porque depender me hace sentir chiquit{a|o}, como cuando era chic{a|o} y no tenía voz.',
        'Porque quiero sentir que puedo sostenerme sol{a|o}.',
      ],
    ],
  },
  'quality-of-life': {
    low: [
      'Creo que el descanso hay que ganárselo. Si me siento en el sillón sin hacer nada, aparece la culpa enseguida.',
      'Vivo corriendo de una cosa a otra. Me digo que cuando termine este proyecto voy a disfrutar, pero ese momento nunca llega.',
      'Mi casa está llena de cosas que no uso y me cuesta sentirme a gusto en ella. Siento que no tengo tiempo para mí.',
    ],
    high: [
      'Aprendí a disfrutar de lo simple: un café al sol, una caminata, una siesta el domingo. Mi día a día me gusta.',
      'Mi casa es mi refugio. Creo que merezco vivir con belleza y orden, y lo cuido.',
    ],
    visions: [
      'Mi casa es luminosa, tiene plantas y un rincón para leer. Al entrar siento paz. Trabajo cuatro días y el quinto es para mí.',
      'Viajo dos veces al año a lugares que me emocionan, y en la semana me regalo pequeños lujos: una clase de baile, una cena rica, tiempo sin pantallas.',
      'Mis días tienen ritmo: trabajo con foco, descanso sin culpa y disfruto con presencia. Ya no vivo esperando el fin de semana.',
    ],
    whyOpenings: [
      [
        'Porque vivo apurad{a|o} y siento que la vida se me pasa sin disfrutarla.',
        'Porque cuando estoy agotad{a|o} no soy la persona que quiero ser con los que amo.',
        'Porque quiero estar presente en mi propia vida, no solo sobrevivirla.',
      ],
      [
        'Porque mi casa y mi rutina no reflejan quién soy.',
        'Porque siento que postergo mi bienestar para un futuro que nunca llega.',
        'Porque quiero empezar a vivir ahora y no cuando todo esté resuelto.',
      ],
    ],
  },
  'health-fitness': {
    low: [
      'Cuando me miro al espejo, lo primero que veo es lo que no me gusta. Creo que nunca voy a tener el cuerpo que quiero.',
      'Empiezo el gimnasio cada lunes y lo abandono a las dos semanas. Me digo que no tengo fuerza de voluntad.',
      'Siento que cuidarme es un lujo: primero están el trabajo y los demás. Duermo poco y como a las apuradas.',
    ],
    high: [
      'Mi cuerpo me acompaña y lo respeto. Camino todos los días y noto cómo me cambia el humor.',
      'Creo que la salud es la base de todo y la cuido con constancia, sin obsesionarme.',
    ],
    visions: [
      'Me despierto a las seis con energía, sin alarma. Hago yoga, desayuno rico y salgo a caminar. Mi cuerpo se siente liviano y fuerte.',
      'Como con conciencia y disfruto cocinar. Corro diez kilómetros los domingos y duermo ocho horas.',
      'Escucho a mi cuerpo: descanso cuando lo pide y me muevo porque me hace feliz, no como castigo.',
    ],
    whyOpenings: [
      [
        'Porque quiero tener energía para jugar con mis hijos y no terminar el día arrastrándome.',
        'Porque el cansancio me hace sentir que la vida me pasa por encima.',
        'Porque quiero ser protagonista de mi vida y no espectador{a|}.',
      ],
      [
        'Porque estoy hart{a|o} de pelearme con mi cuerpo.',
        'Porque quiero sentirme bien en mi piel y dejar de esconderme en las fotos.',
        'Porque quiero mostrarme tal como soy, sin vergüenza.',
      ],
    ],
  },
  'intellectual-life': {
    low: [
      'En la escuela me dijeron que no era buen{a|o} para los números y me lo creí. Todavía evito todo lo que tenga que ver con aprender algo técnico.',
      'Creo que ya es tarde para estudiar. Veo a otros con títulos y siento que me quedé atrás.',
      'Empiezo libros y no los termino. Me digo que no tengo cabeza para concentrarme.',
    ],
    high: [
      'Me encanta aprender y creo que puedo aprender cualquier cosa si le dedico tiempo. Siempre tengo un libro empezado.',
      'Mi curiosidad es uno de mis mayores regalos. Leo, hago cursos y converso de ideas con gente que admiro.',
    ],
    visions: [
      'Estoy terminando la carrera que dejé a mitad de camino. Estudio por las mañanas y disfruto cada materia.',
      'Leo un libro por mes, escribo un blog y participo en un club de lectura donde discutimos ideas que me expanden.',
      'Aprendí inglés y di mi primera charla frente a cien personas. Uso lo que sé para crear algo propio.',
    ],
    whyOpenings: [
      [
        'Porque siempre quise terminar mis estudios y me quedó esa espina.',
        'Porque siento que no terminarlos confirma que no soy capaz.',
        'Porque quiero demostrarme que puedo lograr lo que me propongo.',
      ],
      [
        'Porque aprender me hace sentir viv{a|o} y hace tiempo que no me doy ese espacio.',
        'Porque cuando aprendo algo nuevo me siento capaz y con ganas de crear.',
        'Porque quiero crear algo propio con lo que sé.',
      ],
    ],
  },
  'emotional-life': {
    low: [
      'Creo que enojarme está mal, así que me lo trago y después exploto por cualquier cosa.',
      'Aprendí que llorar es de débiles. Cuando me siento triste, me pongo a hacer cosas para no sentir.',
      'Cuando alguien se enoja conmigo siento que es mi culpa y hago lo imposible para arreglarlo, aunque no me corresponda.',
    ],
    high: [
      'Puedo nombrar lo que siento y darle espacio. Las emociones ya no me asustan como antes.',
      'Hice mucho trabajo interior y hoy me siento estable. Sé que un mal día no define mi vida.',
    ],
    visions: [
      'Atravieso los días difíciles sin perderme: respiro, me escucho y pido lo que necesito. Después de la tormenta vuelvo a mi centro.',
      'Expreso lo que siento con palabras amables y firmes. Las personas que quiero me escuchan y yo las escucho a ellas.',
      'En mi vida predomina la serenidad. Siento alegría con facilidad y la tristeza me visita sin quedarse a vivir.',
    ],
    whyOpenings: [
      [
        'Porque estoy cansad{a|o} de explotar con las personas que más quiero.',
        'Porque después me siento culpable y me alejo de ellas.',
        'Porque quiero vínculos donde pueda ser yo sin miedo a lastimar.',
      ],
      [
        'Porque me paso la vida tapando lo que siento con trabajo y pantallas.',
        'Porque tengo miedo de que, si me permito sentir, no voy a poder parar.',
        'Porque quiero aprender a sentir sin desbordarme y vivir más livian{a|o}.',
      ],
    ],
  },
  'spiritual-life': {
    low: [
      'Dejé de meditar porque sentía que no lo hacía bien. Creo que la espiritualidad es para personas más disciplinadas que yo.',
      'A veces siento que estoy sol{a|o} en el universo y que nada tiene mucho sentido.',
      'Me criaron con una religión llena de culpa y me alejé de todo. Me cuesta confiar en algo más grande.',
    ],
    high: [
      'Siento una conexión profunda con la naturaleza y con algo más grande que yo. Medito casi todos los días.',
      'Creo que todo lo que me pasa tiene un sentido, aunque no lo entienda en el momento.',
    ],
    visions: [
      'Empiezo cada día con veinte minutos de meditación y gratitud. Siento una certeza interior que me acompaña aunque todo cambie.',
      'Mi espiritualidad se nota en cómo trato a los demás: con paciencia, con compasión, con presencia.',
      'Voy a la montaña una vez por mes para estar en silencio. Confío en la vida y en mi camino.',
    ],
    whyOpenings: [
      [
        'Porque siento un vacío que no se llena con nada de afuera.',
        'Porque cuando me desconecto de mí, tomo decisiones que después lamento.',
        'Porque quiero tener una brújula interna que me guíe.',
      ],
      [
        'Porque quiero volver a confiar en algo más grande que yo.',
        'Porque sin esa confianza vivo con miedo a todo lo que puede salir mal.',
        'Porque quiero soltar el control y vivir con más paz.',
      ],
    ],
  },
  career: {
    low: [
      'Creo que de lo que me apasiona no se puede vivir. Sigo en un trabajo que no me gusta porque me da seguridad.',
      'Cuando alguien logra lo que yo quiero, pienso que tuvo suerte o contactos. Yo no tengo ninguna de las dos cosas.',
      'Me da miedo cambiar de rumbo a esta edad. Siento que ya invertí demasiado en esta carrera para empezar de cero.',
    ],
    high: [
      'Amo lo que hago y sé que aporto valor. Quiero crecer, pero desde un lugar de disfrute.',
      'Creo en mi talento. Me costó mucho llegar hasta acá y estoy orgullos{a|o} del camino.',
    ],
    visions: [
      'Tengo mi propio emprendimiento de diseño, trabajo con clientes que valoran lo que hago y mi agenda la organizo yo.',
      'Trabajo acompañando a otras personas a sanar. Cada semana recibo mensajes de agradecimiento y siento que mi trabajo tiene sentido.',
      'Lidero un equipo que me respeta, gano bien y termino mi jornada a las seis para estar con mi familia.',
    ],
    whyOpenings: [
      [
        'Porque paso la mayor parte de mi día haciendo algo que no me llena.',
        'Porque siento que estoy desperdiciando mis talentos.',
        'Porque quiero que mi trabajo tenga sentido y ayude a otros.',
      ],
      [
        'Porque quiero vivir de lo que amo y no solo sobrevivir con lo que me toca.',
        'Porque cada lunes siento un peso en el pecho que ya no quiero cargar.',
        'Porque quiero que mis días tengan entusiasmo y no resignación.',
      ],
    ],
  },
  character: {
    low: [
      'Creo que soy así y no puedo cambiar: impaciente, desordenad{a|o}, dejo todo para último momento.',
      'No cumplo las promesas que me hago. Me digo «mañana empiezo» y me fallo una y otra vez.',
      'Me cuesta decir que no. Heredé la idea de que ser buena persona es complacer a todos.',
    ],
    high: [
      'Soy una persona íntegra: hago lo que digo. Cuando me equivoco, lo reconozco y reparo.',
      'Mis valores están claros: honestidad, amor y coraje. Los uso para decidir.',
    ],
    visions: [
      'Soy coherente: lo que pienso, digo y hago va en la misma dirección. Cumplo mis promesas, empezando por las que me hago a mí.',
      'Cuando me equivoco, me hablo con amor, aprendo y sigo. Las personas que me conocen dicen que soy confiable y generos{a|o}.',
      'Tengo disciplina sin rigidez: mis hábitos me sostienen y puedo decir que no sin culpa.',
    ],
    whyOpenings: [
      [
        'Porque estoy cansad{a|o} de fallarme a mí mism{a|o}.',
        'Porque cada promesa rota me hace confiar menos en mí.',
        'Porque quiero volver a creer en mi palabra.',
      ],
      [
        'Porque quiero dejar de decir que sí cuando quiero decir que no.',
        'Porque complacer a todos me deja sin energía para lo mío.',
        'Porque quiero respetarme tanto como respeto a los demás.',
      ],
    ],
  },
  'family-parenting': {
    low: [
      'En mi familia el mandato era no molestar y sacrificarse por los demás. Todavía siento que le debo todo a mis padres.',
      'Repito con mis hijos los gritos que me prometí no repetir, y después me siento {la peor madre|el peor padre} del mundo.',
      'Los encuentros familiares me dejan agotad{a|o}. No sé poner límites sin sentir que traiciono a alguien.',
    ],
    high: [
      'Mi familia es mi lugar. Tenemos nuestras diferencias, pero hay mucho amor y nos lo decimos.',
      'Aprendí a poner límites con cariño y hoy la relación con mis padres es más sana que nunca.',
    ],
    visions: [
      'Los domingos almorzamos en familia y la charla fluye. Puedo decir lo que pienso y también escuchar sin ponerme a la defensiva.',
      'Mis hijos me ven feliz y eso es lo que más les enseña. Les dejo de legado la confianza en sí mismos.',
      'Sostengo límites sanos con amor. Visito a mis padres porque quiero, no por obligación, y disfruto ese tiempo.',
    ],
    whyOpenings: [
      [
        'Porque no quiero que mis hijos crezcan con los mismos gritos con los que crecí yo.',
        'Porque quiero que se sientan amados y seguros, como yo no me sentí.',
        'Porque quiero cortar una cadena que viene de generaciones.',
      ],
      [
        'Porque los encuentros familiares me dejan agotad{a|o} y con culpa.',
        'Porque siento que para ser buen{a|} hij{a|o} tengo que olvidarme de mí.',
        'Porque quiero amar a mi familia sin dejar de ser yo.',
      ],
    ],
  },
  'life-vision': {
    low: [
      'Creo que ya es tarde para los sueños que postergué. A mi edad hay que ser realista.',
      'Desde chic{a|o} escuché que soñar en grande era de ilus{a|o}. Me quedé con sueños chiquitos para no decepcionarme.',
      'No sé bien qué quiero. Siento que vivo la vida que otros esperaban de mí.',
    ],
    high: [
      'Tengo claro hacia dónde voy y cada año me acerco un poco más. Confío en mi proceso.',
      'Creo que la vida es un lienzo y yo tengo el pincel. Me entusiasma lo que viene.',
    ],
    visions: [
      'Dentro de diez años miro hacia atrás y veo una vida que elegí: me animé a cambiar, viví en otro país y cumplí el sueño de escribir un libro.',
      'Vivo alinead{a|o} con mi propósito: todo lo que hago, desde el trabajo hasta el descanso, tiene sentido para mí.',
      'Cumplí los sueños que parecían imposibles y nacieron otros nuevos. Me siento agradecid{a|o} y con ganas de más.',
    ],
    whyOpenings: [
      [
        'Porque siento que estoy viviendo la vida que otros eligieron para mí.',
        'Porque si sigo así, en diez años me voy a arrepentir de no haberlo intentado.',
        'Porque quiero mirar atrás y sentir orgullo de mis decisiones.',
      ],
      [
        'Porque postergué mis sueños tanto tiempo que casi los olvido.',
        'Porque cada vez que los postergo siento que me traiciono.',
        'Porque quiero demostrarme que todavía es posible.',
      ],
    ],
  },
};

/** Levels 4–7 of the why: whatever the area, the answers go down to the same few deep motives. */
export const WHY_DEPTHS: readonly string[][] = [
  [
    'Porque cuando me siento capaz, me animo a más y dejo de esconderme.',
    'Porque esconderme me mantiene a salvo, pero también me mantiene chiquit{a|o}.',
    'Porque quiero vivir con libertad, sin pedirle permiso al miedo.',
    'Porque la libertad es lo que más valoro: ser yo, completamente, sin pedir disculpas.',
  ],
  [
    'Porque así también puedo estar bien para las personas que amo.',
    'Porque los que me rodean aprenden más de lo que hago que de lo que digo.',
    'Porque quiero ser un ejemplo de que se puede vivir distinto.',
    'Porque quiero dejar un legado de amor y de coraje.',
  ],
  [
    'Porque necesito sentir que valgo, sin tener que demostrarlo todo el tiempo.',
    'Porque durante años creí que mi valor dependía de lo que hacía por otros.',
    'Porque quiero sentir que soy suficiente tal como soy.',
    'Porque cuando me siento suficiente, vivo en paz. Y la paz es lo que busco en el fondo de todo.',
  ],
  [
    'Porque quiero sentir paz cuando apoyo la cabeza en la almohada.',
    'Porque la ansiedad me robó muchos años y no quiero regalarle ni uno más.',
    'Porque quiero disfrutar de la vida mientras sucede, no cuando todo esté perfecto.',
    'Porque en el fondo quiero vivir con alegría: es mi forma de agradecer estar viv{a|o}.',
  ],
  [
    'Porque quiero dejar de sobrevivir y empezar a vivir de verdad.',
    'Porque siento que tengo algo para dar y lo estoy guardando por miedo.',
    'Porque cuando doy lo mejor de mí, me siento conectad{a|o} con mi propósito.',
    'Porque quiero que mi vida tenga sentido, para mí y para los demás. Ese es mi verdadero porqué.',
  ],
];

export const REVELATIONS: readonly string[] = [
  'En la fase del perdón apareció mi papá. Por primera vez no sentí enojo, sentí compasión. Creo que ya estoy list{a|o} para soltar.',
  'Me di cuenta de que la gratitud me cambia el día. Hoy agradecí el café de la mañana y me emocioné hasta las lágrimas.',
  'Vi mi vida dentro de tres años con mucha claridad: una casa con jardín y mi consultorio propio. Lo sentí real.',
  'Me cuesta quedarme quiet{a|o}, pero hoy, por unos minutos, sentí silencio adentro. Es un comienzo.',
  'En la fase del amor me costó enviármelo a mí. Me doy cuenta de que soy mucho más dur{a|o} conmigo que con los demás.',
  'Elegí sentirme tranquil{a|o} hoy, y cuando en el trabajo algo se complicó, me acordé y respiré. Funcionó.',
  'Sentí que no estoy sol{a|o}. Hay algo más grande que me sostiene, aunque no sepa ponerle nombre.',
  'Me vino una frase muy clara: «no tienes que ganarte el descanso». Me la voy a escribir en el espejo.',
  'Durante la visión me vi hablando frente a mucha gente, tranquil{a|o} y feliz. Nunca me había animado a imaginarlo.',
  'Lloré en la fase del perdón. Me perdoné por los años que pasé en una relación que no me hacía bien. Me siento más livian{a|o}.',
  'Hoy la meditación fue difícil: la mente iba y venía. Pero me quedé hasta el final y eso ya es un logro.',
  'Descubrí que mi cuerpo me habla: cuando pienso en mi trabajo actual se me cierra el pecho. Tengo que escuchar eso.',
  'Sentí gratitud por mi cuerpo por primera vez en mucho tiempo. Me llevó a todas partes y nunca se lo agradecí.',
  'Mi elección de hoy: dejar de pedir perdón por ocupar espacio.',
];

/** Belief-threshold goals (more than 10 characters each). */
export const GOALS: readonly string[] = [
  'Ganar 3.000 dólares por mes con mi propio emprendimiento',
  'Vivir en una casa frente al mar',
  'Correr mi primera maratón',
  'Publicar mi libro de poemas',
  'Tener una relación de pareja sana y amorosa',
  'Renunciar a mi trabajo y vivir de mis sesiones de coaching',
  'Viajar tres meses por Europa',
  'Terminar mi carrera de psicología',
  'Comprar mi departamento propio',
  'Abrir mi estudio de yoga',
  'Saldar todas mis deudas y tener un ahorro para seis meses',
  'Dar una charla TEDx sobre mi historia',
];

/** What comes up with 'Uhm... dudo'. */
export const DOUBTS: readonly string[] = [
  'No tengo suficiente experiencia todavía.',
  'Nadie en mi familia logró algo así.',
  'Necesitaría mucho más dinero del que tengo.',
  'Me da miedo fracasar y que los demás se rían.',
  'Es demasiado pronto, todavía tengo que prepararme.',
  'No sé si merezco tanto.',
  'Con mis responsabilidades actuales no me da el tiempo.',
  'Las personas como yo no logran esas cosas.',
  'Ya lo intenté antes y no funcionó.',
  'Tendría que cambiar demasiadas cosas a la vez.',
  'Siento que es egoísta querer tanto.',
  'No sé si mi pareja me apoyaría.',
];

const COACHING_REFLECTIONS = [
  'En la sesión me di cuenta de que reacciono menos que antes. Todavía me enojo, pero me doy cuenta más rápido.',
  'Salí de la sesión con una tarea clara: pedir ayuda una vez esta semana. Me da miedo, pero lo voy a hacer.',
  'Me ayudó mucho ordenar en voz alta lo que siento. Mi foco para las próximas semanas: mi salud.',
];

/** Reflections on the generic lesson pages, by slug. */
export const REFLECTIONS: Record<string, readonly string[]> = {
  'tus-sistemas-de-creencias-actuales': [
    'Descubrí que la creencia «hay que sufrir para merecer» viene de mi abuela. Decide por mí en el trabajo, en la pareja y hasta en el descanso.',
    'Mi creencia más fuerte es que no soy suficiente. La escuché por primera vez en la escuela y la fui confirmando con cada error.',
    'Me di cuenta de que creo que el dinero corrompe. Por eso lo alejo, aunque lo necesite.',
  ],
  'tus-nuevos-sistemas-de-creencias': [
    'Mi nueva creencia: merezco descansar sin haberlo ganado. Evidencia: cuando descanso, trabajo mejor y estoy de mejor humor.',
    'Elijo creer que soy capaz de aprender cualquier cosa. Evidencia: aprendí a manejar a los 35 y a usar la computadora sol{a|o}.',
    'Elijo creer que el dinero amplifica lo que soy. Y yo soy una persona generosa.',
  ],
  'tu-nueva-historia': [
    'Soy {una mujer|un hombre} que eligió dejar de esperar permiso. Después de años de complacer, empecé a escucharme y hoy construyo, paso a paso, la vida que quiero.',
    'Mi historia no termina en lo que me pasó. Empieza en lo que decido hacer con eso. Soy protagonista, no víctima.',
  ],
  'mapa-de-tus-emociones': [
    'Durante el día sentí ansiedad tres veces, siempre en el pecho y siempre antes de hablar con mi jefe. Interesante.',
    'Registré mucha irritación por la tarde. Me di cuenta de que aparece cuando no como bien y no paro ni un minuto.',
  ],
  'el-mensaje-de-cada-emocion': [
    'Mi enojo protege mi necesidad de respeto. Cuando lo escucho en vez de tragármelo, puedo poner un límite a tiempo.',
    'La tristeza me pide pausa. Siempre quise apagarla rápido, pero ahora entiendo que me está pidiendo que me cuide.',
  ],
  'soltar-la-culpa-y-el-resentimiento': [
    'Escribí la carta a mi ex y no la envié. La quemé en el balcón. Sentí que algo se soltaba en el cuerpo.',
    'Me perdoné por no haber estado con mi mamá en sus últimos días. Hice lo que pude con lo que sabía.',
  ],
  'carta-a-tu-nino-interior': [
    '{Querida pequeña|Querido pequeño}: no tenías que ser perfect{a|o} para que te quisieran. Eras suficiente así, riéndote con la boca llena de chocolate.',
    'Te pido perdón por todas las veces que te callé para encajar. A partir de hoy, tu voz también cuenta.',
  ],
  'diario-de-gratitud': [
    'Día 7: agradezco el abrazo de mi hija, la lluvia del domingo y haberme animado a decir que no.',
    'Siete días seguidos. Lo que más me sorprendió es que empecé a buscar durante el día cosas para anotar a la noche.',
  ],
  'segunda-sesion-de-coaching': COACHING_REFLECTIONS,
  'conversacion-con-tu-yo-futuro': [
    'Mi yo futuro me dijo: «dejaste de pedir permiso». Tenía el pelo más corto y una paz que todavía no conozco.',
    'Le pregunté qué hizo distinto y me respondió que empezó a levantarse una hora antes para sí mism{a|o}. Tan simple y tan poderoso.',
  ],
  'tu-tablero-de-vision': [
    'Armé mi tablero con fotos del mar, una laptop en una mesa con plantas y la palabra «libertad» en grande. Lo puse al lado de la cama.',
    'Mi tablero tiene un corredor cruzando la meta, una familia en la mesa y un pasaporte. Lo miro cada mañana.',
  ],
  'afirmaciones-en-presente': [
    'Soy capaz de sostener mi propia vida. Merezco descansar. El dinero llega a mí con facilidad.',
    'Elijo la calma. Mi cuerpo es mi hogar. Confío en mi proceso.',
  ],
  'tercera-sesion-de-coaching': COACHING_REFLECTIONS,
  'metas-alineadas-con-tu-porque': [
    'Mis tres metas: caminar 30 minutos cinco días por semana, ahorrar el 10 % de lo que gano y tomarme un día libre por semana.',
    'Meta 1: terminar mi portfolio. Meta 2: conseguir tres clientes propios. Meta 3: meditar diez minutos por día.',
  ],
  'plan-de-accion-90-dias': [
    'Semana 1: abrir la cuenta de ahorro y programar la transferencia automática. Primera acción de hoy: llamar al banco.',
    'Dividí la meta en doce semanas. La primera acción fue escribirles a tres personas que admiro para pedirles consejo.',
  ],
  'habitos-ancla': [
    'Después de servirme el café, escribo tres líneas en mi diario. Después de lavarme los dientes por la noche, leo diez páginas.',
    'Después de dejar a los chicos en la escuela, camino veinte minutos antes de volver a casa.',
  ],
  'desarmar-el-autosaboteo': [
    'Mi excusa favorita es «hoy estoy cansad{a|o}». Cuando aparezca, voy a hacer la versión mínima: cinco minutos.',
    'Me saboteo con el perfeccionismo: si no puedo hacerlo perfecto, no lo hago. Mi plan: terminado es mejor que perfecto.',
  ],
  'cuarta-sesion-de-coaching': COACHING_REFLECTIONS,
  'tu-rueda-de-la-vida-hoy': [
    'Comparé mi rueda con la de la primera semana y no lo puedo creer: las áreas que más me dolían subieron dos y tres puntos.',
    'El cambio más grande fue en mi vida emocional. Los números no lo dicen todo, pero me alegra ver que se movieron.',
  ],
  'rituales-diarios-de-integracion': [
    'Mañana: agua, cinco minutos de respiración y mi afirmación. Noche: tres cosas que agradezco y el celular fuera del cuarto.',
    'Mi ritual de la noche es escribir qué hice hoy por la persona que elegí ser.',
  ],
  'celebrar-tus-logros': [
    'Lista de logros: dejé de disculparme por todo, empecé a ahorrar, volví a correr y hablé con mi papá. Gracias, yo.',
    'Lo celebré con una cena con amig{as|os} y les conté todo lo que cambió en estas cinco semanas.',
  ],
  'tu-manifiesto-personal': [
    'Creo que merezco una vida que me entusiasme. Elijo la honestidad antes que la comodidad. Vivo despiert{a|o}, agradecid{a|o} y valiente.',
    'Mi manifiesto: cuidar mi cuerpo como un templo, decir lo que siento, confiar en el ritmo de la vida y no volver a abandonarme.',
  ],
  'sesion-de-cierre': COACHING_REFLECTIONS,
};

/** The coach's private notes; `{a|o}` agrees with the learner. */
export const COACH_NOTES: readonly ((name: string, area: string) => string)[] = [
  (n, a) => `Primera sesión con ${n}: mucha claridad sobre ${a}. Le propuse escribir cada noche una evidencia de su avance.`,
  (n) => `${n} llegó con mucha autoexigencia. Trabajamos el mandato de «ganarse el descanso». Retomarlo en la próxima sesión.`,
  (n, a) => `Buena energía hoy. ${n} eligió ${a} como foco para las próximas semanas.`,
  (n) => `${n} comentó que le cuesta la fase del perdón. Le sugerí empezar con tres minutos y sin presión.`,
  () => 'Se l{a|o} nota más livian{a|o}. Pidió material extra sobre hábitos; le envié la guía de hábitos ancla.',
  (_n, a) => `Creencia central: «no soy suficiente». Aparece en ${a} y en el trabajo. Trabajar con evidencias concretas.`,
  (n) => `${n} no avanzó esta semana: mudanza y mucho trabajo. Le escribí para acompañar sin presionar.`,
  (n, a) => `Hermoso cierre de módulo. ${n} ya nota cambios concretos en ${a}.`,
  (n) => `Revisar con ${n} el umbral de creencia: dudó en casi todos los plazos cortos.`,
  () => 'Le recomendé hacer la meditación de las 7 fases por la mañana en lugar de a la noche: dice que se duerme.',
];

// The five guided steps of the rewiring meditation. Each is short enough to read,
// close the eyes, live it, and open them again for the next click.
import type { RewiringIconName } from './RewiringIcon';

export type RewiringStep = {
  title: string;
  text: string;
  icon: RewiringIconName;
};

/** A tuple, so a sixth or a missing step fails to compile (REWIRING_STEP_COUNT is 5). */
export const REWIRING_STEPS: readonly [RewiringStep, RewiringStep, RewiringStep, RewiringStep, RewiringStep] = [
  {
    title: 'Llega y respira',
    icon: 'breath',
    text: 'Siéntate con la espalda cómoda y deja que tus manos descansen sobre las piernas. Cierra los ojos y haz tres respiraciones lentas: inhala por la nariz, sostén un instante y suelta el aire por la boca, sin prisa. Con cada exhalación deja que los hombros bajen y que el día se quede afuera por un rato. Cuando sientas el cuerpo más quieto, abre los ojos y pasa al siguiente paso.',
  },
  {
    title: 'Reconoce el patrón antiguo',
    icon: 'pattern',
    text: 'Trae a tu mente una creencia que ya no te sirve, como «no soy suficiente» o «todo me cuesta el doble». No la juzgues ni pelees con ella: solo obsérvala y nota en qué parte del cuerpo la sientes. Agradécele lo que intentó cuidarte hasta hoy. Al reconocerla, dejas de repetirla en automático; cuando la tengas clara, abre los ojos y sigue.',
  },
  {
    title: 'Elige tu nueva creencia',
    icon: 'seed',
    text: 'Ahora elige la creencia que prefieres vivir, dicha en presente y en positivo: «Soy capaz», «Merezco lo bueno», «La vida me acompaña». Cierra los ojos y repítela en silencio, despacio, hasta que suene a tu propia voz. No necesitas creerla del todo todavía; basta con que decidas darle espacio. Cuando la sientas tuya, abre los ojos para el paso más largo.',
  },
  {
    title: 'Siéntela como real',
    icon: 'heart',
    text: 'Cierra los ojos e imagina un día cualquiera de tu vida en el que esta creencia ya es verdad. ¿Cómo te mueves, qué decides, cómo te hablas? Deja que llegue la emoción: la calma, la alegría, la gratitud de vivir así. Quédate aquí unos quince minutos y vuelve a la escena cada vez que la mente se distraiga; según esta enseñanza, es el tiempo que la nueva idea necesita para empezar a asentarse.',
  },
  {
    title: 'Ancla y regresa',
    icon: 'anchor',
    text: 'Lleva una mano al pecho y elige una palabra o un gesto que te recuerde cómo te sientes ahora: será tu ancla para volver a este estado durante el día. Respira hondo tres veces, mueve con suavidad los dedos de las manos y de los pies, y abre los ojos cuando sientas que es momento. Lo que sembraste hoy sigue trabajando: cuídalo con tus pequeñas decisiones.',
  },
];

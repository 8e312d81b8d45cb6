// /afirmaciones: the ebook's sales page. A free fragment form (hidden once
// the fragment is downloaded or the promo is paid), the purchase options ('Pago Promo': the checkout, for an account
// or, without one, for an e-mail address), and, once paid, the full ebook. 'done' comes from the visitor record (set
// by /confirmacion-pago) or, for a signed-in buyer, from the server's entitlements, which also guard the file itself;
// a guest buyer downloads through the link of their purchase (on the confirmation page and in their mail).
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPrice } from '../../../../../course/products';
import { money, useCatalogue } from '../../../lib/catalogue';
import { ButtonLink } from '../../../components/Button/Button';
import { Loading } from '../../../components/Loading/Loading';
import { useSiteLinks } from '../../../lib/site';
import type { CheckoutButton } from '../../../lib/checkout';
import { useTrackView } from '../../../lib/track-view';
import { recordLead, setPagoAfirmaciones, useVisitorRecord, type VisitorRecord } from '../../../lib/visitor-record';
import { withRedirect } from '../../../lib/redirect';
import { useAuth } from '../../../lib/session/useAuth';
import { leadMutations } from '../api/lead-mutations';
import { EBOOK_PRODUCT, purchaseQueries } from '../api/purchase-queries';
import { DownloadSuccess } from '../components/DownloadSuccess';
import { FreeDownloadCard } from '../components/FreeDownloadCard';
import { JumpToForm, LeadHero } from '../components/LeadHero';
import { LeadForm } from '../components/LeadForm';
import { Reveal } from '../components/Reveal';
import forms from '../../../styles/forms.module.css';
import styles from '../components/lead-page.module.css';
import { DOWNLOADS, startDownload, useDownloadFile } from '../lib/downloads';
import { AFIRMACIONES_MESSAGES, type LeadValues } from '../lib/validate-lead';

/** The ebook's price on the retail marketplace, shown crossed out next to the promo. */

const KEYS = [
  {
    title: 'En presente',
    text: 'Di «soy», «tengo», «elijo», y no «voy a ser» o «algún día». Lo que pones en futuro se queda siempre en el futuro; lo que afirmas en presente empieza a pasar por dentro en el momento en que lo dices.',
  },
  {
    title: 'Con sentimiento',
    text: 'La palabra es la semilla y la emoción es el agua. Mientras repites, imagina cómo se siente que ya sea verdad. Una afirmación sentida una vez vale más que cien dichas en piloto automático.',
  },
  {
    title: 'Con repetición',
    text: 'Tus creencias actuales se formaron a fuerza de repetición, y así también se transforman. Tres afirmaciones, cada mañana y cada noche, durante 21 días: la constancia le gana a la intensidad.',
  },
];

const CHAPTERS = ['Abundancia', 'Amor propio', 'Salud y cuerpo', 'Relaciones', 'Propósito', 'Calma', 'Gratitud', 'Merecimiento'];

const log = (what: string) => (error: unknown) => console.error(what, error);

type AffirmationsPageProps = {
  /** The promo's buy button (app/ gives the payments feature's). */
  Checkout: CheckoutButton;
};

export function AffirmationsPage({ Checkout }: AffirmationsPageProps) {
  useTrackView('afirmaciones');
  const fragmentFile = useDownloadFile('fragment');
  const { user } = useAuth();
  const record = useVisitorRecord();
  const entitlements = useQuery({ ...purchaseQueries.entitlements(), enabled: user !== null });
  const owned = entitlements.data?.includes(EBOOK_PRODUCT) === true;
  // A signed-in visitor's purchases are still on their way: nothing to offer or hide yet.
  const checking = user !== null && entitlements.isPending;
  const paid = owned || record.pagoAfirmaciones === 'done';
  const showOffer = !checking && !paid;

  return (
    <article className={styles.page}>
      <LeadHero
        eyebrow="Ebook"
        title="Afirmaciones que Transforman"
        lead={
          paid
            ? 'Frases para reprogramar tu diálogo interno y vivir desde la confianza. ¡Gracias por tu compra! Tu ebook completo te espera aquí abajo.'
            : 'Frases para reprogramar tu diálogo interno y vivir desde la confianza. Empieza hoy con dos capítulos gratis y, cuando quieras, llévate el ebook completo.'
        }
        cover="/img/recursos/afirmaciones.svg"
      >
        {paid ? (
          <JumpToForm target="ebook">Descargar mi ebook</JumpToForm>
        ) : showOffer && !record.fragmentoDownloaded ? (
          <JumpToForm target="fragmento">Quiero el fragmento gratis</JumpToForm>
        ) : showOffer ? (
          <JumpToForm target="comprar">Quiero el ebook completo</JumpToForm>
        ) : null}
      </LeadHero>

      {checking ? <Loading label="Buscando tus compras..." /> : null}
      {!checking && paid ? <EbookSection record={record} signedIn={user !== null} owned={owned} knowsPurchases={entitlements.isSuccess} /> : null}

      <Reveal className={styles.section} aria-labelledby="afirmaciones-why">
        <h2 id="afirmaciones-why">Las palabras que te dices construyen la casa en la que vives</h2>
        <p>
          Algunas las elegiste; muchas otras las heredaste sin darte cuenta: frases que escuchaste en la infancia, miedos de otros, ideas que se repitieron
          tanto que terminaron pareciendo verdad. Y desde ahí sientes, piensas y decides.
        </p>
        <p>
          Las afirmaciones no son magia ni autoengaño: son una herramienta para entrenar tu diálogo interno. Lo que repites con emoción se vuelve familiar, lo
          familiar se vuelve creíble, y lo creíble termina guiando lo que haces. Este ebook es una invitación a elegir tus palabras de nuevo.
        </p>
        <p className={styles.quote}>«Tus palabras son semillas: elige con amor lo que siembras.»</p>
      </Reveal>

      <div className={styles.band}>
        <Reveal className={styles.section} aria-labelledby="afirmaciones-how">
          <h2 id="afirmaciones-how">Cómo funcionan las afirmaciones</h2>
          <p>
            Una afirmación es una frase corta que describe, en primera persona y en presente, la realidad que eliges vivir. Para que deje de ser una frase linda
            y se convierta en una creencia nueva, hay tres claves:
          </p>
          <ol className={styles.cards}>
            {KEYS.map((key, index) => (
              <Reveal as="li" key={key.title} index={index} className={styles.card}>
                <span className={styles.cardNumber}>Clave {index + 1}</span>
                <h3>{key.title}</h3>
                <p>{key.text}</p>
              </Reveal>
            ))}
          </ol>
        </Reveal>
      </div>

      <Reveal className={styles.section} aria-labelledby="afirmaciones-inside">
        <h2 id="afirmaciones-inside">Qué hay adentro</h2>
        <p>Ocho capítulos, cada uno con entre 12 y 15 afirmaciones para repetir, una reflexión breve y una práctica concreta para llevarlo a tu día:</p>
        <ul className={styles.checks}>
          {CHAPTERS.map((chapter) => (
            <li key={chapter}>{chapter}</li>
          ))}
        </ul>
        <p>
          Además, una guía paso a paso para crear tus propias afirmaciones desde tu historia, y un plan de 21 días para convertir todo esto en hábito. No hace
          falta leerlo de corrido: ábrelo donde más lo necesites hoy.
        </p>
      </Reveal>

      {showOffer ? (
        <FreeDownloadCard
          id="fragmento"
          headingId="afirmaciones-fragment"
          source={{ page: 'afirmaciones', section: 'fragmento' }}
          file={fragmentFile}
          downloaded={record.fragmentoDownloaded}
          nick={record.nick}
          form={{
            badge: 'Gratis',
            title: 'Empieza hoy con dos capítulos completos',
            intro:
              'Abundancia y Amor propio, con sus afirmaciones, reflexiones y prácticas, y las tres claves para que funcionen. Déjanos tu nombre y tu email y el PDF se descarga al instante.',
            label: 'Descargar el fragmento gratuito',
            submit: 'Descargar el fragmento gratis',
            messages: AFIRMACIONES_MESSAGES,
          }}
          success={{
            title: 'Tu fragmento ya es tuyo',
            text: (
              <p>
                La descarga de los capítulos Abundancia y Amor propio ya empezó. Elige la afirmación que más te resuene y repítela cada mañana de esta semana:
                ahí empieza el cambio.
              </p>
            ),
          }}
          onFailure={log('No se pudo registrar la descarga del fragmento.')}
        />
      ) : null}
      {showOffer ? <PurchaseSection Checkout={Checkout} pending={record.pagoAfirmaciones === 'doing'} email={record.email} /> : null}
    </article>
  );
}

type PurchaseSectionProps = {
  Checkout: CheckoutButton;
  /** Back from the checkout without a confirmation. */
  pending: boolean;
  /** The address this visitor gave for the free fragment, offered again. */
  email: string;
};

function PurchaseSection({ Checkout, pending, email }: PurchaseSectionProps) {
  const { links, whatsappLink } = useSiteLinks();
  const chat = whatsappLink('¡Hola! Pagué el ebook de Afirmaciones y no pude confirmar mi compra.');
  const catalogue = useCatalogue();
  const price = money(catalogue?.ebookAmount);
  // The price in the online store, when the coach gives it in the catalogue (shown crossed out).
  const storePrice = money(catalogue?.ebookOldAmount);
  return (
    <section id="comprar" className={`${forms.surface} ${styles.formCard}`} aria-labelledby="afirmaciones-buy">
      <span className={styles.badge}>Promo solo hoy</span>
      <h2 id="afirmaciones-buy">El ebook completo</h2>
      <p className={styles.price}>
        {price ? (
          formatPrice(price)
        ) : (
          <>
            <span className={`sk-bone ${styles.pricePending}`} aria-hidden="true" />
            <span className="sr-only">Cargando el precio…</span>
          </>
        )}
        {storePrice ? (
          <s className={styles.listPrice}>
            <span className="sr-only">Precio en tienda: </span>
            {formatPrice(storePrice)}
          </s>
        ) : null}
      </p>
      <ul className={styles.checks}>
        <li>Los ocho capítulos, con más de cien afirmaciones, reflexiones y prácticas.</li>
        <li>La guía para crear tus propias afirmaciones.</li>
        <li>El plan de 21 días para hacerlas hábito.</li>
        <li>En PDF, para leer en el teléfono o imprimir.</li>
      </ul>
      {pending ? (
        <p className={styles.notice} role="status">
          ¿Ya pagaste? Al terminar, Mercado Pago te trae de vuelta para confirmar tu compra, y te escribimos a tu correo. Si cerraste la ventana antes, revisa
          tu correo
          {chat ? (
            <>
              {' '}
              o{' '}
              <a href={chat} target="_blank" rel="noopener noreferrer">
                escríbenos por WhatsApp
              </a>
            </>
          ) : null}
          .
        </p>
      ) : null}
      <Checkout productId="afirmaciones-ebook" email={email} onStart={() => setPagoAfirmaciones('doing')}>
        Pago Promo
      </Checkout>
      <p className={styles.small}>
        Pago seguro con Mercado Pago: tarjeta, débito o dinero en cuenta. No necesitas cuenta: basta tu email, y ahí te llega el enlace de descarga.
        {links.book ? (
          <>
            {' '}
            ¿Prefieres tu tienda de siempre? También está{' '}
            <a href={links.book} target="_blank" rel="noopener noreferrer">
              en la tienda online{storePrice ? ` a ${formatPrice(storePrice)}` : ''}
            </a>
            .
          </>
        ) : null}
      </p>
    </section>
  );
}

type EbookSectionProps = {
  record: VisitorRecord;
  signedIn: boolean;
  owned: boolean;
  /** The server answered with the visitor's purchases (so "not owned" is known, not a failed check). */
  knowsPurchases: boolean;
};

/** After payment: the full ebook, served by the API to the account that bought it. */
function EbookSection({ record, signedIn, owned, knowsPurchases }: EbookSectionProps) {
  const chat = useSiteLinks().whatsappLink('¡Hola! Compré el ebook de Afirmaciones y no lo encuentro en mi cuenta.');
  const [delivered, setDelivered] = useState(false);
  const lead = useMutation({ ...leadMutations.add() });

  // The buyer gets the ebook whatever happens to the lead: it is only bookkeeping, and a failure is only logged.
  const submit = (values: LeadValues) => {
    const body = { ...values, page: 'afirmaciones', section: 'ebook', status: 'downloaded' } as const;
    lead.mutate(body, {
      onSuccess: () => recordLead(body),
      onError: log('No se pudo registrar la descarga del ebook.'),
    });
    startDownload(DOWNLOADS.ebook);
    setDelivered(true);
  };

  let content;
  if (!signedIn) {
    content = (
      <>
        <h2 id="afirmaciones-ebook">Tu ebook te espera</h2>
        <p className={styles.small}>
          Si lo compraste con tu email, el enlace para descargarlo está en el correo que te enviamos. Si lo compraste con tu cuenta, inicia sesión y lo
          descargas desde aquí mismo.
        </p>
        <ButtonLink to={withRedirect('/login', '/afirmaciones')}>Iniciar sesión</ButtonLink>
      </>
    );
  } else if (knowsPurchases && !owned) {
    content = (
      <>
        <h2 id="afirmaciones-ebook">No encontramos tu compra en esta cuenta</h2>
        <p className={styles.small}>
          Si pagaste el ebook con otra cuenta, inicia sesión con esa. Si no, {chat ? 'escríbenos' : 'responde al correo de tu compra'} y lo resolvemos
          enseguida.
        </p>
        {chat ? (
          <a href={chat} target="_blank" rel="noopener noreferrer">
            Escribir por WhatsApp
          </a>
        ) : null}
      </>
    );
  } else if (delivered || record.ebookDownloaded) {
    content = (
      <DownloadSuccess
        title={record.nick ? `¡Gracias, ${record.nick}! Tu ebook está en camino` : '¡Gracias! Tu ebook está en camino'}
        headingId="afirmaciones-ebook"
        file={DOWNLOADS.ebook}
        announce={delivered}
      >
        <p>La descarga de «Afirmaciones que Transforman» ya empezó. Puedes volver a esta página y descargarlo de nuevo cuando quieras, con tu cuenta.</p>
      </DownloadSuccess>
    );
  } else {
    content = (
      <>
        <span className={styles.badge}>Compra confirmada</span>
        <h2 id="afirmaciones-ebook">Descarga tu ebook completo</h2>
        <p className={styles.small}>¡Gracias por tu compra! Confirma tu nombre y tu email y el PDF se descarga al instante.</p>
        <LeadForm label="Descargar el ebook completo" submitLabel="Descargar mi ebook" messages={null} pending={false} onSubmit={submit} />
      </>
    );
  }

  return (
    <section id="ebook" className={`${forms.surface} ${styles.formCard}`} aria-labelledby="afirmaciones-ebook">
      {content}
    </section>
  );
}

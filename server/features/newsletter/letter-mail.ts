// What the letter workers need from the application (decision 0020): each recipient's mail of a send — the letter
// rendered once per send (render.ts, decision 0017), then per recipient only the footer's unsubscribe link and the
// List-Unsubscribe headers (RFC 8058, decision 0019) — and the bounce of an address whose mailbox does not exist.
import type pg from 'pg';
import { decideLeads, visitorFold } from '../../../events/leads/leads';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { currentSetting } from '../../../events/site/queries';
import type { Enqueue } from '../../../events/store/types';
import type { NewsletterDeps, PrepareLetter } from '../../../jobs/newsletter/send-letter';
import { escape } from '../accounts/emails';
import { libraryImage } from '../media/routes';
import { letterMail } from './render';
import { listUnsubscribeHeaders, loadUnsubscribeSecret, oneClickUrl, unsubscribeToken, unsubscribeUrl } from './unsubscribe';

/** Stands for a recipient's token in the mail rendered once per send; base64url like a token, so never escaped. */
const TOKEN_PLACEHOLDER = 'UNSUBSCRIBE_TOKEN_PLACEHOLDER';

/** The page and one-click addresses of a recipient's unsubscribe, saying which letter's link was used. */
export function letterUnsubscribeLinks(publicUrl: string, token: string, letterId: string) {
  const withLetter = (url: string) => {
    const u = new URL(url);
    u.searchParams.set('letter', letterId);
    return u.toString();
  };
  return { page: withLetter(unsubscribeUrl(publicUrl, token)), oneClick: withLetter(oneClickUrl(publicUrl, token)) };
}

export function letterPreparer(pool: pg.Pool, publicUrl: string): PrepareLetter {
  return async (send) => {
    const [key, coachName, cover] = await Promise.all([loadUnsubscribeSecret(pool), currentSetting(pool, 'coachName'), libraryImage(pool, send.cover)]);
    const placeholder = letterUnsubscribeLinks(publicUrl, TOKEN_PLACEHOLDER, send.letterId).page;
    const mail = letterMail({ ...send, cover }, { publicUrl, coachName, unsubscribeUrl: placeholder });
    return ({ streamId, email }) => {
      const links = letterUnsubscribeLinks(publicUrl, unsubscribeToken(key, streamId), send.letterId);
      const footer = (text: string) => text.replaceAll(escape(placeholder), escape(links.page)).replaceAll(placeholder, links.page);
      return {
        to: email,
        subject: mail.subject,
        html: footer(mail.html),
        text: footer(mail.text),
        headers: listUnsubscribeHeaders(links.oneClick, links.page),
      };
    };
  };
}

/** SubscriberBounced in the address's visitor stream (a subscription already ended stays as it is). */
async function recordBounce(store: EventStore, streamId: string): Promise<void> {
  await handleCommand(store, streamId, visitorFold, (state) => ({ events: decideLeads({ type: 'RecordBounce' }, state).events }), {
    metadata: { actor: 'system', origin: 'newsletter' },
  });
}

export function newsletterWorkerDeps(
  pool: pg.Pool,
  store: EventStore,
  enqueue: Enqueue,
  options: Pick<NewsletterDeps, 'smtpUrl' | 'from' | 'outboxDir' | 'ratePerMinute' | 'log' | 'batchSize' | 'metrics'> & { publicUrl: string },
): NewsletterDeps {
  const { publicUrl, ...rest } = options;
  return {
    db: pool,
    store,
    enqueue,
    prepare: letterPreparer(pool, publicUrl),
    bounce: (streamId) => recordBounce(store, streamId),
    ...rest,
  };
}

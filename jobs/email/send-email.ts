// email.send: one mail, named by ids. At send time the worker finds the person in the read models (a deleted
// account or lead, or an account verified meanwhile, gets nothing), checks the per-address limit, renders the
// mail (a verification mail gets its token now) and delivers it through SMTP (SMTP_URL), or writes it to the
// outbox folder as .eml. A job never holds an address, a name or a link's token, nor does its dead letter.
import { z } from 'zod';
import { LEAD_PAGES, LEAD_SECTIONS } from '../../events/leads/leads.events';
import { EMAIL_PATTERN, MAX_EMAIL } from '../../course/contact';
import { MAX_REDIRECT_LENGTH } from '../../course/redirect';
import { defineJob } from '../define';
import type { MailMetrics } from '../metrics';
import { createPostbox } from './postbox';
import type { MailThrottle } from './throttle';

export const EMAIL_SEND = 'email.send';
export const EMAIL_SEND_DEAD = 'email.send.dead';

export const MailJob = z.discriminatedUnion('kind', [
  /** Activate the account: a fresh link, unless the account is verified or gone by then. */
  z.strictObject({
    kind: z.literal('account-verification'),
    userId: z.uuid(),
    /** A path of this site (already checked) that the link brings the person back to after login. */
    redirect: z.string().max(MAX_REDIRECT_LENGTH).optional(),
  }),
  /** Someone tried to sign up with the address of this account. */
  z.strictObject({ kind: z.literal('signup-attempt'), userId: z.uuid() }),
  /** The welcome of a lead's first capture of a source; `leadId` is the lead's visitor stream. */
  z.strictObject({
    kind: z.literal('lead-welcome'),
    leadId: z.string().regex(/^visitor-[0-9a-f]{32}$/),
    page: z.enum(LEAD_PAGES),
    section: z.enum(LEAD_SECTIONS),
  }),
  /** Step 2 or 3 of a lead's welcome sequence after a download (step 1 is its 'lead-welcome'); `leadId`: the lead's visitor stream. */
  z.strictObject({
    kind: z.literal('sequence-step'),
    leadId: z.string().regex(/^visitor-[0-9a-f]{32}$/),
    page: z.enum(LEAD_PAGES),
    section: z.enum(LEAD_SECTIONS),
    step: z.union([z.literal(2), z.literal(3)]),
  }),
  /** A step of a welcome sequence, as saved (step 1: or the default welcome), to the coach's own account: her test. */
  z.strictObject({
    kind: z.literal('sequence-test'),
    userId: z.uuid(),
    page: z.enum(LEAD_PAGES),
    section: z.enum(LEAD_SECTIONS),
    step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  }),
  /** The newsletter's confirmation link (double opt-in) to a waiting subscription; `leadId`: its visitor stream. */
  z.strictObject({ kind: z.literal('newsletter-confirm'), leadId: z.string().regex(/^visitor-[0-9a-f]{32}$/) }),
  /** A letter of the newsletter, as saved, to the coach's own account: her test before publishing or sending it. */
  z.strictObject({ kind: z.literal('letter-test'), letterId: z.uuid(), userId: z.uuid() }),
  /** The account was signed in to from a browser it had not used before (`deviceId`: that browser's row). */
  z.strictObject({ kind: z.literal('new-device'), userId: z.uuid(), deviceId: z.uuid() }),
  /** A link to make a new password: the worker issues its token when it writes the mail. */
  z.strictObject({ kind: z.literal('password-reset'), userId: z.uuid() }),
  /** The account's password was changed: when, and what to do if it was not its owner. */
  z.strictObject({ kind: z.literal('password-changed'), userId: z.uuid() }),
  /** To the new address of a change of address (`requestId`: the change): its confirmation link. */
  z.strictObject({ kind: z.literal('email-change-confirm'), userId: z.uuid(), requestId: z.uuid() }),
  /** To the previous address of a confirmed change: the notice, with a link that undoes it. */
  z.strictObject({ kind: z.literal('email-changed'), userId: z.uuid(), requestId: z.uuid() }),
  /** «Tu cuenta fue eliminada», to the address just forgotten: `noticeId` names the one row that keeps it until the send. */
  z.strictObject({ kind: z.literal('account-deleted'), noticeId: z.uuid() }),
  /** A payment was granted: to the account, what it opened; to a guest, the download link (issued when written). */
  z.strictObject({ kind: z.literal('purchase-granted'), paymentId: z.string().regex(/^\d{1,20}$/) }),
  /** A payment was refunded or charged back: what it ends (nothing, when something else still grants the access). */
  z.strictObject({ kind: z.literal('purchase-reversed'), paymentId: z.string().regex(/^\d{1,20}$/) }),
]);
export type MailJob = z.infer<typeof MailJob>;
export type MailKind = MailJob['kind'];

/** What the job is about, for logs and the dead-letter listing (no personal data). */
export const mailLabel = (job: MailJob) =>
  job.kind === 'lead-welcome'
    ? `${job.kind}:${job.page}:${job.section}`
    : job.kind === 'sequence-step'
      ? `${job.kind}:${job.page}:${job.section}:${job.step}`
      : job.kind;

/**
 * The per-address limit's bucket: the mails anyone can make us send by typing an address in a lead form (a
 * download's welcome, the newsletter's confirmation link) share one, so five forms still make at most the limit.
 */
export const throttleKind = (job: MailJob) => (job.kind === 'newsletter-confirm' ? 'lead-welcome' : job.kind);

/** A rendered mail: it lives in the worker's memory only. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (a lead mail's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** Who a job's mail goes to, and how to write it (called only once the mail may go). */
export type MailRecipient =
  | {
      to: string;
      render(): Promise<Mail>;
      /** After the mail went out (SMTP or outbox): forget what only this mail needed (a forgotten person's address). */
      afterSend?(jobId: string): Promise<void>;
    }
  | { skip: string };
export type ResolveMail = (job: MailJob) => Promise<MailRecipient>;

export interface EmailDeps {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: { info(obj: object, msg: string): void; warn?(obj: object, msg: string): void; error?(obj: object, msg: string): void };
  /** Finds the person a job names (server/mail.ts). */
  resolve: ResolveMail;
  /** The per-address limit (jobs/email/throttle.ts). */
  throttle: MailThrottle;
  /** Counts the mails sent and the attempts that failed (nothing when absent). */
  metrics?: MailMetrics;
}

/** An SMTP error without the addresses some servers quote back ("550 <ana@example.com>: unknown user"). */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[dirección]');
}

// The same rule as the forms and the API: an address they accepted is one the mailer sends to.
export const Address = z.string().trim().max(MAX_EMAIL).regex(EMAIL_PATTERN);

/** A mailer built once per worker: SMTP when configured, else the outbox. */
export function createMailer(deps: EmailDeps) {
  const postbox = createPostbox(deps);

  return async function deliver(jobId: string, job: MailJob): Promise<void> {
    const kind = mailLabel(job);
    const recipient = await deps.resolve(job);
    if ('skip' in recipient) {
      deps.log.info({ job: jobId, kind, skipped: recipient.skip }, 'mail not sent: nothing to send any more');
      return;
    }
    // Counted before the mail is written: a verification mail that may not go gets no token either.
    if (!(await deps.throttle.admit(jobId, recipient.to, throttleKind(job)))) {
      deps.log.info({ job: jobId, kind, skipped: 'throttled' }, 'mail not sent: this address had enough of this kind in the last hour');
      return;
    }
    const mail = await recipient.render();
    const to = Address.parse(mail.to);
    // A stable Message-ID per job: a retried delivery carries the same id, so clients fold duplicates.
    const messageId = `<${jobId}@manifiesta.local>`;
    const { file } = await postbox.post(mail, to, messageId, jobId).catch((err: unknown) => {
      deps.metrics?.mailFailed(job.kind);
      throw err;
    });
    deps.metrics?.mailSent(job.kind);
    if (file) deps.log.info({ job: jobId, kind, file }, `mail written to the outbox: ${mail.subject}`);
    else deps.log.info({ job: jobId, kind }, 'mail sent through SMTP');
    await recipient.afterSend?.(jobId);
  };
}

export const sendEmail = defineJob({
  name: EMAIL_SEND,
  payload: MailJob,
  options: {
    deadLetter: EMAIL_SEND_DEAD,
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 30 * 60,
    expireInSeconds: 120,
    // A sent mail's job holds ids only (who it went to is in the read models); an hour is enough to look at it.
    deleteAfterSeconds: 3600,
    // A worker takes one job per poll and polls again a second later: one at a time, a process sent one mail a second,
    // and a minute of downloads waited a minute for their welcome. Four at once (the per-address limit takes an
    // advisory lock per address, so they never race on one person; each sends on its own SMTP connection).
    work: { pollingIntervalSeconds: 1, localConcurrency: 4 },
  },
  handler: (deps: EmailDeps) => {
    const deliver = createMailer(deps);
    return (job, run) => deliver(run.id, job);
  },
  // The operator's view of a mail that does not go out: each failure, and the last one loudly.
  // No address in the log: the job id finds the job in pgboss.job, which holds ids only.
  onFailure: (deps) => (err, data, run) => {
    const attempt = run.retryCount + 1;
    const { message, code } = err as Error & { code?: string };
    const parsed = MailJob.safeParse(data);
    const kind = parsed.success ? mailLabel(parsed.data) : 'unreadable';
    const failure = { job: run.id, kind, attempt, of: run.retryLimit + 1, code, error: withoutAddresses(message) };
    if (run.retryCount >= run.retryLimit)
      deps.log.error?.(failure, `mail not sent after ${attempt} attempts: moved to the dead-letter queue ${EMAIL_SEND_DEAD}`);
    else deps.log.warn?.(failure, 'mail not sent; it will be retried');
    // pg-boss keeps what is thrown as the job's output (and the dead letter's): the same, without addresses.
    return Object.assign(new Error(failure.error), { code });
  },
});

// What the mail worker needs from the application: who each kind of mail job goes to (found in the read models
// at send time) and the per-address limit. Built once here for the server, the worker process and the tests.
import type pg from 'pg';
import { createKeyring } from '../events/store/keyring';
import type { EmailDeps, ResolveMail } from '../jobs/email/send-email';
import { createMailThrottle } from '../jobs/email/throttle';
import { accountMailRecipients } from './features/accounts/emails';
import { recoveryMailRecipients } from './features/accounts/recovery-emails';
import { erasureMailRecipients } from './features/erasure/emails';
import { leadMailRecipients } from './features/leads/emails';
import { newsletterMailRecipients } from './features/newsletter/emails';
import { paymentMailRecipients } from './features/payments/emails';

export function createMailResolver(db: pg.Pool, publicUrl: string): ResolveMail {
  const accounts = accountMailRecipients(db, publicUrl);
  const recovery = recoveryMailRecipients(db, publicUrl);
  const keyring = createKeyring(db);
  const leads = leadMailRecipients(db, publicUrl, keyring);
  const erasure = erasureMailRecipients(db);
  const payments = paymentMailRecipients(db, publicUrl, keyring);
  const newsletter = newsletterMailRecipients(db, publicUrl);
  return async (job) => {
    switch (job.kind) {
      case 'account-verification':
        return accounts.verification(job);
      case 'signup-attempt':
        return accounts.signupAttempt(job);
      case 'lead-welcome':
        return leads.welcome(job);
      case 'sequence-step':
        return leads.step(job);
      case 'sequence-test':
        return leads.stepTest(job);
      case 'newsletter-confirm':
        return newsletter.confirm(job);
      case 'letter-test':
        return newsletter.letterTest(job);
      case 'new-device':
        return accounts.newDevice(job);
      case 'password-reset':
        return recovery.passwordReset(job);
      case 'password-changed':
        return recovery.passwordChanged(job);
      case 'email-change-confirm':
        return recovery.emailChangeConfirm(job);
      case 'email-changed':
        return recovery.emailChanged(job);
      case 'account-deleted':
        return erasure.accountDeleted(job);
      case 'purchase-granted':
        return payments.granted(job);
      case 'purchase-reversed':
        return payments.reversed(job);
      default: {
        const unknown: never = job;
        throw new Error(`unknown mail kind ${(unknown as { kind: string }).kind}`);
      }
    }
  };
}

/** `perAddressPerHour`: MAIL_PER_ADDRESS_PER_HOUR. */
export function mailWorkerDeps(
  db: pg.Pool,
  { publicUrl, perAddressPerHour }: { publicUrl: string; perAddressPerHour: number },
): Pick<EmailDeps, 'resolve' | 'throttle'> {
  return { resolve: createMailResolver(db, publicUrl), throttle: createMailThrottle(db, { perHour: perAddressPerHour }) };
}

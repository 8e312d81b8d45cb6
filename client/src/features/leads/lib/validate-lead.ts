// The lead forms' rules: an e-mail of the simple pattern and a non-blank name — and, ours, a
// plain short name (the API refuses anything else: a welcome mail repeats it to whatever address was typed).
// Each page has its own wording of the messages; the plain-name message is the API's.
import { EMAIL_PATTERN, NAME_MESSAGE, plainName } from '../../../../../course/contact';

export type LeadValues = { nick: string; email: string };
export type LeadMessages = { nick: string; email: string };
export type LeadErrors = Partial<Record<keyof LeadValues, string>>;

/** /nostalgia and /niveles. */
export const NEUTRAL_MESSAGES: LeadMessages = { email: 'Ingresa un email válido.', nick: 'Tu nombre es obligatorio.' };
/** /afirmaciones (voseo, no final stop). */
export const AFIRMACIONES_MESSAGES: LeadMessages = { email: 'Ingresá un email válido', nick: 'El nombre es obligatorio' };

/** The values as they are sent: without surrounding spaces. */
export const trimLead = ({ nick, email }: LeadValues): LeadValues => ({ nick: nick.trim(), email: email.trim() });

export function validateLead(values: LeadValues, messages: LeadMessages): LeadErrors {
  const { nick, email } = trimLead(values);
  const errors: LeadErrors = {};
  if (!nick) errors.nick = messages.nick;
  else if (plainName(nick) === null) errors.nick = NAME_MESSAGE;
  if (!EMAIL_PATTERN.test(email)) errors.email = messages.email;
  return errors;
}

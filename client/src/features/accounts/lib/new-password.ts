// A new password's checks in the forms that choose one (signup, a reset link, the account page): the pair must
// match, then the API's own rules (course/password.ts), said before sending.
import { MIN_PASSWORD, newPasswordProblem as passwordProblem } from '../../../../../course/password';

export const PASSWORD_HINT = `Al menos ${MIN_PASSWORD} caracteres.`;

/** The first rule the pair breaks, in the forms' fixed order, or null when the new password may be sent. */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return 'Las contraseñas no coinciden.';
  return passwordProblem(password);
}

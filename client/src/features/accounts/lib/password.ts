// A new password's checks, as signup makes them (and the server again): the same twice, then long enough.

export const MIN_PASSWORD_LENGTH = 8;

export const PASSWORD_MESSAGES = {
  mismatch: 'Las contraseñas no coinciden.',
  short: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`,
} as const;

/** What is wrong with a new password and its confirmation, in that order; null when nothing is. */
export function newPasswordProblem(password: string, confirmation: string): keyof typeof PASSWORD_MESSAGES | null {
  if (password !== confirmation) return 'mismatch';
  if (password.length < MIN_PASSWORD_LENGTH) return 'short';
  return null;
}

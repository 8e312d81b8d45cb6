// The rules of a new password in the forms that choose one (signup, a reset link): the server's, said before sending.
export const MIN_PASSWORD_LENGTH = 8;
/** The server counts bytes (argon2 hashes bytes): a password with accents or symbols reaches it sooner. */
export const MAX_PASSWORD_BYTES = 256;

export const PASSWORD_HINT = `Al menos ${MIN_PASSWORD_LENGTH} caracteres.`;

/** The first rule the pair breaks, in the forms' fixed order, or null when the new password may be sent. */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return 'Las contraseñas no coinciden.';
  if (password.length < MIN_PASSWORD_LENGTH) return `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`;
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES)
    return `La contraseña es demasiado larga: usa como máximo ${MAX_PASSWORD_BYTES} caracteres (menos si lleva acentos o símbolos).`;
  return null;
}

// The rules of a new password, wherever one is chosen (signup, a reset link, the account page): the API checks
// them, and the forms say them before sending.

export const MIN_PASSWORD = 8;
/** Bounds the hashing cost of one request (argon2 works on bytes): a password with accents or symbols reaches it sooner. */
export const MAX_PASSWORD_BYTES = 256;

export const PASSWORD_MESSAGES = {
  short: `La contraseña debe tener al menos ${MIN_PASSWORD} caracteres.`,
  long: `La contraseña es demasiado larga: usa como máximo ${MAX_PASSWORD_BYTES} caracteres (menos si lleva acentos o símbolos).`,
} as const;

export const passwordTooLong = (password: string) => new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES;

/** What is wrong with a new password (too short, then too long), or null. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD) return PASSWORD_MESSAGES.short;
  if (passwordTooLong(password)) return PASSWORD_MESSAGES.long;
  return null;
}

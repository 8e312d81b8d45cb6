// Contact rules shared by every feature that takes an e-mail address or a person's name.

/** A deliberately simple pattern: text, at sign, text, dot, text. Forms, API and mailer all use this one. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL = 254;

export const MIN_NAME = 2;
export const MAX_NAME = 40;

/** Said by the forms and the API when a name is not a plain name. */
export const NAME_MESSAGE = `Escribe solo tu nombre, con letras: de ${MIN_NAME} a ${MAX_NAME} caracteres, sin números ni enlaces.`;

// Letters of any language (with their accents), and between them one space, an apostrophe or a hyphen. A
// period only closes an initial or an abbreviation ("Ma. José", "J. R."), so no text of the form
// "evil.example" — which mail programs turn into a link — is ever a name; nor are digits, "@", "/", ":" or
// line breaks.
const NAME_PATTERN = /^\p{L}(?:[\p{L}\p{M}]|[ '’-](?=\p{L})|\.(?=$| \p{L}))*$/u;

/**
 * A plain, short name as it is stored and greeted (NFC, trimmed, runs of spaces made one), or null for
 * anything else. Every mail that greets someone by a name they typed greets through this function, so text a
 * stranger typed (a link, a message) never reaches someone else's inbox as anything but a name.
 */
export function plainName(typed: string): string | null {
  const name = normaliseName(typed);
  const length = [...name].length;
  return length >= MIN_NAME && length <= MAX_NAME && NAME_PATTERN.test(name) ? name : null;
}

/** How a name is stored: NFC, without surrounding spaces, one space between words. */
export const normaliseName = (typed: string) => typed.normalize('NFC').trim().replace(/ {2,}/g, ' ');

/** The first line of a mail: by name when the name is a plain one, else without it. */
export const greeting = (name: string | null | undefined) => {
  const plain = name ? plainName(name) : null;
  return plain ? `¡Hola, ${plain}!` : '¡Hola!';
};

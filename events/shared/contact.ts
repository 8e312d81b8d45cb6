// Contact rules shared by every feature that takes an e-mail address.

/** The spec's simple pattern: text, at sign, text, dot, text. Forms, API and mailer all use this one. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL = 254;

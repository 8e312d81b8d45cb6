// What the coach writes on the desk (a letter, a mail of a welcome sequence): a text that must be there and fit.
// Plain checks with the caller's Spanish messages, shared by the server and the desk's forms.

/**
 * The problem of a required text (null: none): missing when it is empty once trimmed, too long past `max`. A line
 * (a title, a subject) is measured trimmed; a body is measured as typed, since its spaces and line breaks are kept.
 */
export function requiredTextProblem(
  value: unknown,
  max: number,
  messages: { missing: string; tooLong: string },
  measure: 'line' | 'body' = 'line',
): string | null {
  if (typeof value !== 'string' || value.trim() === '') return messages.missing;
  return (measure === 'line' ? value.trim() : value).length > max ? messages.tooLong : null;
}

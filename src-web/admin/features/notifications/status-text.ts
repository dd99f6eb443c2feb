/** « 3 e-mails attendent »: the count, then the word in the singular or the plural. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count > 1 ? many : one}`;
}

/** When a channel last failed, as the warnings say it. */
export const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
});

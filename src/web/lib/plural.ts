const rules = new Intl.PluralRules('en-US');

/**
 * A count with its noun in the right form: `counted(1, 'chat')` → '1 chat', `counted(3, 'chat')` →
 * '3 chats', `counted(2, 'reply', 'replies')`. The one way the app writes a number of things
 * (Intl.PluralRules, so a language with more forms needs only another table of nouns).
 */
export function counted(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${nounFor(count, one, other)}`;
}

/** The noun alone, in the form `count` asks for ('chat' or 'chats'). */
export function nounFor(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}

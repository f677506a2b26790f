/** A table of the server's (serverConstants.gen.ts): each value the API takes, with its Spanish label, in order. */
export type LabelTable = readonly { readonly value: string; readonly label: string }[];

/** The values of a table, as a type. */
export type ValueOf<T extends LabelTable> = T[number]['value'];

/** The values of a table, in order. */
export function valuesOf<T extends LabelTable>(table: T): ValueOf<T>[] {
  return table.map(({ value }) => value);
}

/** The value → label map of a table. */
export function labelMap<T extends LabelTable>(table: T): Record<ValueOf<T>, string> {
  return Object.fromEntries(table.map(({ value, label }) => [value, label])) as Record<ValueOf<T>, string>;
}

/** The label of a value; an unknown value is shown as it came. */
export function labelOf(table: LabelTable, value: string): string {
  return table.find((entry) => entry.value === value)?.label ?? value;
}

/** A table as the options of a select, which wants an array of its own. */
export function optionsOf<T extends LabelTable>(table: T): { value: ValueOf<T>; label: string }[] {
  return table.map(({ value, label }) => ({ value, label }));
}

/**
 * A label in the plural, for a filter that lists what is in that state: Spanish adds -s
 * after a vowel and -es after a consonant.
 */
export function pluralOf(label: string): string {
  return /[aeiouáéíóú]$/i.test(label) ? `${label}s` : `${label}es`;
}

/** Words joined the Spanish way: 'a', 'a y b', 'a, b y c' ('y' becomes 'e' before the sound i). */
export function listOf(words: readonly string[]): string {
  if (words.length < 2) return words.join('');
  const last = words[words.length - 1];
  const and = /^h?i(?!e)/i.test(last) ? 'e' : 'y';
  return `${words.slice(0, -1).join(', ')} ${and} ${last}`;
}

/** The field separators the app offers and names: one list for the read-options picker and the source card. */
export const DELIMITERS: ReadonlyArray<{ char: string; name: string; symbol?: string }> = [
  { char: ',', name: 'comma', symbol: ',' },
  { char: ';', name: 'semicolon', symbol: ';' },
  { char: '\t', name: 'tab' },
  { char: '|', name: 'pipe', symbol: '|' },
];

/** "semicolon" for ";"; an unusual separator is shown quoted. */
export function delimiterName(d: string): string {
  return DELIMITERS.find((x) => x.char === d)?.name ?? `“${d}”`;
}

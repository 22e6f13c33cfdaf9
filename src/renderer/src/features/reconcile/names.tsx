/**
 * Source aliases come from file names (`UMSAETZE_GIROKONTO_DE8937040044053201300`) and used to
 * take half of every header and tab. Shown shortened in the middle (the start says what it is,
 * the end tells two accounts apart), with the whole name as a tooltip.
 */
export const SHORT_NAME_MAX = 24;

export function shortName(name: string, max = SHORT_NAME_MAX): string {
  if (name.length <= max) return name;
  const keep = max - 1;
  const tail = Math.min(6, Math.floor(keep / 3));
  return `${name.slice(0, keep - tail)}…${name.slice(name.length - tail)}`;
}

/** The alias as text: shortened with a `title` holding the full name when it is long. */
export function Name(props: { full: string; max?: number }) {
  const short = shortName(props.full, props.max);
  return short === props.full ? <>{props.full}</> : <span title={props.full}>{short}</span>;
}

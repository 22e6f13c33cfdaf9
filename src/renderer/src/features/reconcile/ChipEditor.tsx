import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { FilterOp, FilterValue, SourceFilter } from '../../../../shared/reconcile/recipe';

export const OPS: { op: FilterOp; label: string }[] = [
  { op: 'eq', label: '=' },
  { op: 'neq', label: '≠' },
  { op: 'gt', label: '>' },
  { op: 'gte', label: '≥' },
  { op: 'lt', label: '<' },
  { op: 'lte', label: '≤' },
  { op: 'between', label: 'between' },
  { op: 'not_between', label: 'not between' },
  { op: 'in', label: 'is one of' },
  { op: 'not_in', label: 'is none of' },
  { op: 'like', label: 'matches' },
  { op: 'not_like', label: 'does not match' },
  { op: 'is_null', label: 'is empty' },
  { op: 'is_not_null', label: 'is not empty' },
];
const opLabel = (op: FilterOp) => OPS.find((o) => o.op === op)?.label ?? op;

function scalar(text: string): string | number {
  const t = text.trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

/** The text a user edits for a value: lists comma-separated, ranges "low – high". */
export function valueText(v: FilterValue): string {
  if (v === null) return '';
  if (Array.isArray(v)) return v.join(', ');
  return String(v);
}

/** Parses the edited text back into the value the operator needs. */
export function parseValue(op: FilterOp, text: string): FilterValue {
  if (op === 'is_null' || op === 'is_not_null') return null;
  if (op === 'between' || op === 'not_between') {
    const parts = text.split(/\s*(?:–|—|\.\.|,|\band\b|\s-\s)\s*/).filter(Boolean);
    return [scalar(parts[0] ?? ''), scalar(parts[1] ?? parts[0] ?? '')];
  }
  if (op === 'in' || op === 'not_in') return text.split(',').map((s) => scalar(s)).filter((s) => s !== '');
  return scalar(text);
}

/** Converts a value when the operator changes (e.g. 500 → [500, 500] for between). */
export function changeOp(f: SourceFilter, op: FilterOp): SourceFilter {
  return { ...f, op, value: parseValue(op, valueText(f.value)) };
}

export function describeValue(f: SourceFilter): string {
  if (f.op === 'is_null' || f.op === 'is_not_null') return '';
  if (Array.isArray(f.value)) return f.op.includes('between') ? `${f.value[0]} – ${f.value[1]}` : f.value.join(', ');
  return String(f.value);
}

/**
 * Filter chips per source: column, operator and value, each editable; chips are removable, and
 * "Add filter" makes one by hand (for what the sentence parser did not get).
 */
export function ChipEditor(props: {
  filters: SourceFilter[];
  aliases: { left: string; right: string };
  /** Column names per source, for the column picker. */
  columns?: { left: string[]; right: string[] };
  onChange(filters: SourceFilter[]): void;
  disabled?: boolean;
}) {
  /** The chip being edited: its index, or `new` with the source a hand-made chip goes to. */
  const [editing, setEditing] = useState<number | { new: string } | null>(null);
  const [draft, setDraft] = useState<{ column: string; op: FilterOp; text: string }>({ column: '', op: 'eq', text: '' });
  const root = useRef<HTMLDivElement>(null);
  /** The button that opened the editor (its label), focused again when the editor closes with Escape or Cancel. */
  const opener = useRef<string | null>(null);
  const open = (key: number | { new: string }, label: string) => {
    opener.current = label;
    setEditing(key);
  };
  const cancel = () => setEditing(null);
  /** On each control of the editor: Escape closes it without a change, as Cancel does (and nothing around it reacts). */
  const onEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    cancel();
  };
  useEffect(() => {
    if (editing !== null || !opener.current) return;
    const label = opener.current;
    opener.current = null;
    [...(root.current?.querySelectorAll<HTMLElement>('button[aria-label]') ?? [])].find((b) => b.getAttribute('aria-label') === label)?.focus();
  }, [editing]);
  const sides = [
    { alias: props.aliases.left, side: 'left' as const },
    { alias: props.aliases.right, side: 'right' as const },
  ];
  const groups = sides.map(({ alias, side }) => ({
    alias,
    columns: props.columns?.[side] ?? [],
    items: props.filters.map((f, i) => ({ f, i })).filter(({ f }) => f.source === alias || f.source === side),
  }));
  const save = (i: number | { new: string }) => {
    const edited = (f: SourceFilter): SourceFilter => ({ ...f, column: draft.column || f.column, op: draft.op, value: parseValue(draft.op, draft.text) });
    if (typeof i === 'number') props.onChange(props.filters.map((f, k) => (k === i ? edited(f) : f)));
    else if (draft.column) props.onChange([...props.filters, edited({ source: i.new, column: draft.column, op: draft.op, value: null })]);
    setEditing(null);
  };
  const form = (key: number | { new: string }, columns: string[], current: string) => (
    <form
      className="chip-form"
      onSubmit={(e) => {
        e.preventDefault();
        save(key);
      }}
    >
      {columns.length > 0 ? (
        <select aria-label={`Column for ${current || 'new filter'}`} onKeyDown={onEscape} value={draft.column} onChange={(e) => setDraft({ ...draft, column: e.target.value })}>
          {!columns.includes(draft.column) && draft.column && <option value={draft.column}>{draft.column}</option>}
          {columns.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      ) : (
        <span className="chip-col">{current}</span>
      )}
      <select aria-label={`Operator for ${draft.column || current}`} onKeyDown={onEscape} value={draft.op} onChange={(e) => setDraft({ ...draft, op: e.target.value as FilterOp })}>
        {OPS.map((o) => (
          <option key={o.op} value={o.op}>
            {o.label}
          </option>
        ))}
      </select>
      {draft.op !== 'is_null' && draft.op !== 'is_not_null' && (
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the editor opens because the user asked to edit this chip: typing starts in its value
        <input aria-label={`Value for ${draft.column || current}`} onKeyDown={onEscape} value={draft.text} autoFocus onChange={(e) => setDraft({ ...draft, text: e.target.value })} placeholder={draft.op.includes('between') ? 'low – high' : draft.op.includes('in') ? 'a, b, c' : draft.op.includes('like') ? '%text%' : 'value'} />
      )}
      <button type="submit" className="primary small-btn" onKeyDown={onEscape}>
        Save
      </button>
      <button type="button" className="small-btn" onKeyDown={onEscape} onClick={cancel}>
        Cancel
      </button>
    </form>
  );
  return (
    <div className="chips" ref={root}>
      {groups.map((g) => (
        <div key={g.alias} className="chip-group">
          <h3 className="label-heading">{g.alias}</h3>
          <ul aria-label={`Filters on ${g.alias}`} className="chip-list">
            {g.items.length === 0 && !(editing !== null && typeof editing === 'object' && editing.new === g.alias) && <li className="muted small">All rows</li>}
            {g.items.map(({ f, i }) => {
              const name = `${f.column} ${opLabel(f.op)} ${describeValue(f)}`.trim();
              return (
                <li key={i} className="chip" aria-label={`${g.alias}: ${name}`}>
                  {editing === i ? (
                    form(i, g.columns, f.column)
                  ) : (
                    <>
                      <button
                        className="chip-body"
                        disabled={props.disabled}
                        aria-label={`Edit filter ${name}`}
                        onClick={() => {
                          open(i, `Edit filter ${name}`);
                          setDraft({ column: f.column, op: f.op, text: valueText(f.value) });
                        }}
                      >
                        <span className="chip-col">{f.column}</span> <span className="chip-op">{opLabel(f.op)}</span> <span className="chip-val">{describeValue(f)}</span>
                      </button>
                      <button className="chip-x" disabled={props.disabled} aria-label={`Remove filter ${name}`} onClick={() => props.onChange(props.filters.filter((_, k) => k !== i))}>
                        ×
                      </button>
                    </>
                  )}
                </li>
              );
            })}
            {editing !== null && typeof editing === 'object' && editing.new === g.alias && <li className="chip">{form(editing, g.columns, '')}</li>}
          </ul>
          {g.columns.length > 0 && !(editing !== null && typeof editing === 'object' && editing.new === g.alias) && (
            <button
              className="small-btn add-chip"
              disabled={props.disabled}
              // The name starts with the visible words (WCAG 2.5.3, axe label-content-name-mismatch).
              aria-label={`Add filter on ${g.alias}`}
              onClick={() => {
                open({ new: g.alias }, `Add filter on ${g.alias}`);
                setDraft({ column: g.columns[0], op: 'eq', text: '' });
              }}
            >
              <span aria-hidden="true">+ </span>Add filter
            </button>
          )}
        </div>
      ))}
    </div>
  );
}

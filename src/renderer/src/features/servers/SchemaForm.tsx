import type { Field } from './schema-form';

export function SchemaForm(props: {
  idPrefix: string;
  fields: Field[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange(name: string, value: string): void;
}) {
  const { fields, values, errors, onChange, idPrefix } = props;
  if (fields.length === 0) return <p className="muted">This tool takes no arguments.</p>;
  return (
    <div className="form-grid">
      {fields.map((f) => {
        const id = `${idPrefix}-${f.name}`;
        const value = values[f.name] ?? f.initial;
        const describedBy = f.description ? `${id}-desc` : undefined;
        return (
          <div key={f.name} className="form-row">
            <label htmlFor={id}>
              {f.name}
              {f.required && <span className="required" aria-label="required"> *</span>}
              <span className="muted small"> {f.kind === 'string-list' ? 'one per line' : f.kind}</span>
            </label>
            {f.kind === 'boolean' ? (
              <input id={id} type="checkbox" checked={value === 'true'} onChange={(e) => onChange(f.name, String(e.target.checked))} aria-describedby={describedBy} />
            ) : f.kind === 'enum' ? (
              <select id={id} value={value} onChange={(e) => onChange(f.name, e.target.value)} aria-describedby={describedBy}>
                <option value="">—</option>
                {f.enumValues!.map((v) => (
                  <option key={String(v)} value={String(v)}>
                    {String(v)}
                  </option>
                ))}
              </select>
            ) : f.kind === 'json' || f.kind === 'string-list' ? (
              <textarea id={id} rows={f.kind === 'json' ? 4 : 3} value={value} onChange={(e) => onChange(f.name, e.target.value)} aria-describedby={describedBy} spellCheck={false} />
            ) : (
              <input
                id={id}
                type={f.kind === 'string' ? 'text' : 'number'}
                step={f.kind === 'integer' ? 1 : 'any'}
                value={value}
                onChange={(e) => onChange(f.name, e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={Boolean(errors[f.name])}
              />
            )}
            {f.description && (
              <span id={describedBy} className="muted small">
                {f.description}
              </span>
            )}
            {errors[f.name] && <span className="field-error">{errors[f.name]}</span>}
          </div>
        );
      })}
    </div>
  );
}

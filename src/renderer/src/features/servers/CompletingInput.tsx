/**
 * A text field with the server's suggestions (`completion/complete`) as a datalist: asked for
 * 200 ms after the user stops typing, with the other arguments already filled in as context.
 * A server without completions simply offers none.
 */
import { useEffect, useId, useState } from 'react';
import { call } from '../../api/client';

export function CompletingInput(props: {
  id?: string;
  server: string;
  ref_: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  name: string;
  value: string;
  context: Record<string, string>;
  onChange(value: string): void;
  required?: boolean;
  label?: string;
}) {
  const listId = useId();
  const [options, setOptions] = useState<string[]>([]);
  const { server, ref_, name, value, context } = props;
  const refKey = JSON.stringify(ref_);
  const contextKey = JSON.stringify(context);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const others = Object.fromEntries(Object.entries(JSON.parse(contextKey) as Record<string, string>).filter(([k, v]) => k !== name && v !== ''));
      call('servers.complete', { server, ref: JSON.parse(refKey) as typeof ref_, argument: { name, value }, ...(Object.keys(others).length ? { context: others } : {}) }).then(
        (r) => live && setOptions(r.values),
        () => live && setOptions([]),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [server, refKey, name, value, contextKey]);
  return (
    <>
      <input id={props.id} aria-label={props.label} list={listId} value={value} required={props.required} autoComplete="off" onChange={(e) => props.onChange(e.target.value)} />
      <datalist id={listId} data-testid={`suggestions-${name}`}>
        {options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
    </>
  );
}

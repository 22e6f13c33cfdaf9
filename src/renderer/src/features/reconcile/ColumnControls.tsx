import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MAX_WIDTH, MIN_WIDTH } from './result-layout';

/**
 * The edge of a column header: drag it, or focus it and press ←/→ (16 px, Shift 64 px); Home
 * returns the column to its share of the row.
 */
export function ResizeHandle(props: { label: string; width: number | undefined; onWidth(w: number | null): void }) {
  const ref = useRef<HTMLSpanElement>(null);
  /** The column's drawn width, kept current when the grid's other columns change (a column hidden, the window resized). */
  const [measured, setMeasured] = useState<number | null>(null);
  useEffect(() => {
    const column = ref.current?.parentElement;
    if (!column) return;
    setMeasured(column.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setMeasured(column.getBoundingClientRect().width));
    observer.observe(column);
    return () => observer.disconnect();
  }, []);
  const current = () => props.width ?? ref.current?.parentElement?.getBoundingClientRect().width ?? measured ?? 120;
  return (
    // A focusable separator is a widget (WAI-ARIA "window splitter"): it takes keys and the pointer.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <span
      ref={ref}
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${props.label}`}
      aria-valuemin={MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      aria-valuenow={Math.round(props.width ?? measured ?? 120)}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above: a focusable separator
      tabIndex={0}
      className="col-resize"
      title={`Drag, or press ← → to resize ${props.label}; Home resets`}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 64 : 16;
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          e.preventDefault();
          props.onWidth(current() + (e.key === 'ArrowRight' ? step : -step));
        } else if (e.key === 'Home') {
          e.preventDefault();
          props.onWidth(null);
        }
      }}
      onPointerDown={(e) => {
        e.preventDefault();
        const start = e.clientX;
        const from = current();
        const move = (m: PointerEvent) => props.onWidth(from + m.clientX - start);
        const up = () => {
          window.removeEventListener('pointermove', move);
          window.removeEventListener('pointerup', up);
        };
        window.addEventListener('pointermove', move);
        window.addEventListener('pointerup', up);
      }}
    />
  );
}

/** "Columns": a check box per column; Escape closes it and gives focus back to its button. */
export function ColumnsMenu(props: { columns: { id: string; label: ReactNode; shown: boolean }[]; onShown(id: string, shown: boolean): void; onReset(): void }) {
  const ref = useRef<HTMLDetailsElement>(null);
  return (
    // Escape on anything inside the open menu closes it (the summary is the control).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      ref={ref}
      className="columns-menu"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !ref.current?.open) return;
        e.stopPropagation();
        ref.current.open = false;
        ref.current.querySelector('summary')?.focus();
      }}
    >
      <summary>Columns</summary>
      <fieldset className="columns-menu-body">
        <legend className="sr-only">Columns shown</legend>
        {props.columns.map((c) => (
          <label key={c.id}>
            <input type="checkbox" checked={c.shown} onChange={(e) => props.onShown(c.id, e.target.checked)} /> {c.label}
          </label>
        ))}
        <button type="button" className="small-btn" onClick={props.onReset}>
          Reset widths and columns
        </button>
      </fieldset>
    </details>
  );
}

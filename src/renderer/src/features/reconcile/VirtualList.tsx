import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A windowed list: only the rows in view (plus a margin) are in the DOM, so a
 * million-row result scrolls as fast as ten. Rows have a fixed height. Pages
 * are asked for with `onRange` as the user scrolls.
 */
export function VirtualList(props: {
  count: number;
  rowHeight: number;
  height: number;
  renderRow(index: number): ReactNode;
  onRange?(first: number, last: number): void;
  label: string;
  header?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const overscan = 8;
  const first = Math.max(0, Math.floor(top / props.rowHeight) - overscan);
  const last = Math.min(props.count, Math.ceil((top + props.height) / props.rowHeight) + overscan);
  const { onRange } = props;
  useEffect(() => onRange?.(first, last), [first, last, onRange]);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <div key={i} role="row" aria-rowindex={i + 2} className="vrow" style={{ position: 'absolute', top: i * props.rowHeight, height: props.rowHeight, left: 0, right: 0 }}>
        {props.renderRow(i)}
      </div>,
    );
  }
  return (
    <div className="vgrid" role="grid" aria-label={props.label} aria-rowcount={props.count + 1}>
      {/* Rows wider than the window scroll sideways in .vscroll; the header follows (it has no scrollbar of its own). */}
      <div ref={head} className="vhead-scroll" role="rowgroup">
        {props.header}
      </div>
      <div
        ref={ref}
        className="vscroll"
        style={{ height: Math.min(props.height, Math.max(props.rowHeight, props.count * props.rowHeight)) }}
        onScroll={(e) => {
          setTop(e.currentTarget.scrollTop);
          if (head.current) head.current.scrollLeft = e.currentTarget.scrollLeft;
        }}
      >
        <div role="rowgroup" style={{ position: 'relative', height: props.count * props.rowHeight }}>
          {rows}
        </div>
      </div>
    </div>
  );
}

/** Loads fixed-size pages of a large list on demand and caches them. */
export function usePaged<T>(key: string, pageSize: number, load: (offset: number, limit: number) => Promise<{ total: number; items: T[] }>) {
  // The total is kept with the key it counts: in the render where the key changes (before the
  // effect below starts over) the old key's total is not shown as the new one's.
  const [counted, setCounted] = useState<{ key: string; total: number } | null>(null);
  const total = counted?.key === key ? counted.total : null;
  const [pages, setPages] = useState<Record<number, T[]>>({});
  const [error, setError] = useState<string | null>(null);
  const loading = useRef(new Set<number>());
  const loadRef = useRef(load);
  loadRef.current = load;
  /** Bumped with every new key: an answer for an older key (a search typed over) is dropped. */
  const generation = useRef(0);
  const fetchPage = (p: number) => {
    if (loading.current.has(p)) return;
    loading.current.add(p);
    const mine = generation.current;
    loadRef.current(p * pageSize, pageSize).then(
      (r) => {
        if (mine !== generation.current) return;
        setCounted({ key, total: r.total });
        setPages((old) => ({ ...old, [p]: r.items }));
      },
      (e: unknown) => {
        if (mine === generation.current) setError(e instanceof Error ? e.message : String(e));
      },
    );
  };
  useEffect(() => {
    generation.current += 1;
    loading.current = new Set();
    setPages({});
    setCounted(null);
    setError(null);
    fetchPage(0);
    // Only a new `key` (another run or category) starts over; fetchPage changes with every render.
  }, [key]);
  const item = (i: number): T | undefined => pages[Math.floor(i / pageSize)]?.[i % pageSize];
  const onRange = (first: number, last: number) => {
    for (let p = Math.floor(first / pageSize); p <= Math.floor(Math.max(first, last - 1) / pageSize); p++) if (!pages[p]) fetchPage(p);
  };
  /** `total` is null until the first page for the current key has come back: the count is not known yet. */
  return { total, item, onRange, error };
}

import { useCallback, useEffect, useState } from 'react';

/**
 * Which result columns are shown and how wide they are, kept per workspace (localStorage) so the
 * review looks the same tomorrow. Group columns are fixed ids; record columns are `<side>:<name>`.
 */
export interface ColumnLayout {
  /** An explicit choice per column; a column without one follows its default. */
  visible: Record<string, boolean>;
  /** Widths in px set by resizing; a column without one takes its share of the row. */
  widths: Record<string, number>;
}

export type GroupColumn = 'left' | 'right' | 'delta' | 'rule';
export const GROUP_COLUMNS: GroupColumn[] = ['left', 'right', 'delta', 'rule'];
export const MIN_WIDTH = 48;
export const MAX_WIDTH = 900;

const EMPTY: ColumnLayout = { visible: {}, widths: {} };
const storageKey = (key: string) => `kalla.results.columns.${key}`;

export function readLayout(key: string): ColumnLayout {
  try {
    const raw = localStorage.getItem(storageKey(key));
    if (!raw) return EMPTY;
    const v = JSON.parse(raw) as Partial<ColumnLayout>;
    return { visible: typeof v.visible === 'object' && v.visible ? v.visible : {}, widths: typeof v.widths === 'object' && v.widths ? v.widths : {} };
  } catch {
    return EMPTY;
  }
}

export function isShown(layout: ColumnLayout, id: string, byDefault = true): boolean {
  return layout.visible[id] ?? byDefault;
}

/** The grid's column template: check box, the shown columns (own width or their share), the review buttons. */
export function groupTemplate(layout: ColumnLayout, shown: GroupColumn[]): string {
  const share: Record<GroupColumn, string> = { left: 'minmax(150px, 1fr)', right: 'minmax(150px, 1fr)', delta: 'minmax(72px, auto)', rule: 'minmax(112px, 0.5fr)' };
  return ['34px', ...shown.map((c) => (layout.widths[c] ? `${layout.widths[c]}px` : share[c])), '160px'].join(' ');
}

export function recordTemplate(layout: ColumnLayout, ids: string[], exceptions: boolean): string {
  return ['34px', ...ids.map((c) => (layout.widths[c] ? `${layout.widths[c]}px` : 'minmax(80px, 1fr)')), ...(exceptions ? ['minmax(240px, 2fr)'] : [])].join(' ');
}

export function useColumnLayout(key: string) {
  const [layout, setLayout] = useState<ColumnLayout>(() => readLayout(key));
  useEffect(() => setLayout(readLayout(key)), [key]);
  const update = useCallback(
    (f: (l: ColumnLayout) => ColumnLayout) =>
      setLayout((old) => {
        const next = f(old);
        try {
          localStorage.setItem(storageKey(key), JSON.stringify(next));
        } catch {
          // Storage full or denied: the layout still applies for this session.
        }
        return next;
      }),
    [key],
  );
  const setShown = useCallback((id: string, shown: boolean) => update((l) => ({ ...l, visible: { ...l.visible, [id]: shown } })), [update]);
  const setWidth = useCallback(
    (id: string, width: number | null) =>
      update((l) => {
        const widths = { ...l.widths };
        if (width === null) delete widths[id];
        else widths[id] = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));
        return { ...l, widths };
      }),
    [update],
  );
  const reset = useCallback(() => update(() => EMPTY), [update]);
  return { layout, setShown, setWidth, reset };
}

/** The results grid's header rows: groups (both sides, Δ, rule, review) and records (the side's columns). */
import type { ReactNode } from 'react';
import type { PageSort, Side } from '../../../../shared/reconcile/sources-and-runs';
import { nextSort, SortHeader } from '../../components/SortHeader';
import { ResizeHandle } from './ColumnControls';
import { Name } from './names';
import type { SideFields } from './result-format';
import type { GroupColumn } from './result-layout';

interface SortState {
  sort: PageSort | null;
  onSort(sort: PageSort | null): void;
}
interface Widths {
  widths: Record<string, number | undefined>;
  onWidth(id: string, width: number | null): void;
}

/** The names of the group columns, for their headers and the Columns menu. */
export function groupColumnLabels(aliases: { left: string; right: string }): Record<GroupColumn, string> {
  return { left: aliases.left, right: aliases.right, delta: 'Δ amount and days', rule: 'Rule' };
}

/** Sort buttons over every row on the server: ascending, descending, then the file's own order. */
function sortTools({ sort, onSort }: SortState) {
  return {
    sortBy: (by: string) => () => onSort(nextSort(sort, by)),
    ariaSort: (...by: string[]) => (sort && by.includes(sort.by) ? (sort.desc ? 'descending' : 'ascending') : 'none') as 'ascending' | 'descending' | 'none',
    mark: (by: string) => (sort?.by === by ? (sort.desc ? ' ▼' : ' ▲') : ''),
  };
}

export function GroupHeaderRow(
  p: SortState &
    Widths & {
      template: string;
      shown: GroupColumn[];
      fields: { left: SideFields; right: SideFields };
      aliases: { left: string; right: string };
      allSelected: boolean;
      onSelectAll(checked: boolean): void;
    },
) {
  const { sortBy, ariaSort, mark } = sortTools(p);
  const labels = groupColumnLabels(p.aliases);
  const resize = (id: string, label: string) => <ResizeHandle label={label} width={p.widths[id]} onWidth={(w) => p.onWidth(id, w)} />;
  const sideHeader = (side: Side) => {
    const first = p.fields[side].reference;
    return (
      <span key={side} role="columnheader" className="c-side" aria-sort={ariaSort(`${side}:${first}`)}>
        <button type="button" className="sort-btn" title={`Sort by ${first}`} onClick={sortBy(`${side}:${first}`)}>
          <Name full={p.aliases[side]} />
          <span aria-hidden="true" className="sort-mark">
            {mark(`${side}:${first}`)}
          </span>
        </button>
        <button type="button" className="sort-btn m-amt" title={`Sort by the amount in ${p.aliases[side]}`} aria-label={`Sort by amount in ${p.aliases[side]}`} onClick={sortBy(`amount_${side}`)}>
          Amount{mark(`amount_${side}`)}
        </button>
        {resize(side, labels[side])}
      </span>
    );
  };
  const headers: Record<GroupColumn, () => ReactNode> = {
    left: () => sideHeader('left'),
    right: () => sideHeader('right'),
    delta: () => (
      <span key="delta" role="columnheader" className="c-delta" aria-sort={ariaSort('amount_delta', 'date_delta_days')}>
        <button type="button" className="sort-btn" title="Sort by the size of the difference" onClick={sortBy('amount_delta')}>
          Δ amount{mark('amount_delta')}
        </button>
        <button type="button" className="sort-btn m-sub" title="Sort by the days between the dates" onClick={sortBy('date_delta_days')}>
          Δ date{mark('date_delta_days')}
        </button>
        {resize('delta', 'Δ column')}
      </span>
    ),
    rule: () => (
      <SortHeader key="rule" by="rule_id" sort={p.sort} onSort={p.onSort} className="c-rule">
        Rule
      </SortHeader>
    ),
  };
  return (
    <div role="row" className="vrow vhead groups" style={{ gridTemplateColumns: p.template }}>
      <span role="columnheader" className="c-check">
        <input type="checkbox" aria-label="Select all" checked={p.allSelected} onChange={(e) => p.onSelectAll(e.target.checked)} />
      </span>
      {p.shown.map((c) => headers[c]())}
      <span role="columnheader" className="c-actions">
        Review
      </span>
    </div>
  );
}

export function RecordHeaderRow(p: SortState & Widths & { template: string; side: Side; shown: string[]; isExceptions: boolean }) {
  const { sortBy, ariaSort, mark } = sortTools(p);
  return (
    <div role="row" className="vrow vhead records" style={{ gridTemplateColumns: p.template }}>
      <span role="columnheader" className="c-check" />
      {p.shown.map((id) => {
        const c = id.slice(p.side.length + 1);
        return (
          <span key={id} role="columnheader" className="c-val" aria-sort={ariaSort(c)}>
            <button type="button" className="sort-btn" onClick={sortBy(c)}>
              {c}
              <span aria-hidden="true" className="sort-mark">
                {mark(c)}
              </span>
            </button>
            <ResizeHandle label={c} width={p.widths[id]} onWidth={(w) => p.onWidth(id, w)} />
          </span>
        );
      })}
      {p.isExceptions && (
        <span role="columnheader" className="c-exc">
          Exception
        </span>
      )}
    </div>
  );
}

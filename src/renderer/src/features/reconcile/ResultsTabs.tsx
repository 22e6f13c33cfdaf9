import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DifferenceReason } from '../../../../shared/reconcile/recipe';
import type { ExceptionQueueFilter, ExceptionRecord, ExceptionUpdate, GroupPageItem, PageCategory, PageSort, RecordPageItem, RunSummary, Side } from '../../../../shared/reconcile/sources-and-runs';
import { confidencePercent, DIFFERENCE_LABELS, explainGroup } from '../../../../shared/group-explanation';
import { Name } from './names';
import { usePaged, VirtualList } from './VirtualList';
import { resultLabel } from './result-label';
import { ResultDetail } from './ResultDetail';
import { ExceptionFollowUp, ExceptionQueueFilters, queueText, REASON_CODES, STATUS_LABELS } from './ExceptionQueue';
import { focusWhenReady } from '../../components/focus';
import { rovingKeyDown, rovingTabIndex } from '../../components/roving';
import { SortHeader } from '../../components/SortHeader';
import { displayLocale, formatNumber } from '../../stores/display';

export type TabId = 'matched' | 'suggested' | 'exceptions' | 'unmatched_left' | 'unmatched_right';
type Item = GroupPageItem | RecordPageItem;

export interface ResultsTabsProps {
  runId: number;
  summary: RunSummary;
  aliases: { left: string; right: string };
  /** Columns shown per side (mapped ones first). */
  columns: { left: string[]; right: string[] };
  /** The mapped amount column per side: picked rows show their sums and difference. */
  amountColumns?: { left: string; right: string } | null;
  version: number;
  /** `queue` narrows exceptions pages by work-queue status and owner. */
  load(category: PageCategory, offset: number, limit: number, search?: string, sort?: PageSort, queue?: ExceptionQueueFilter): Promise<{ total: number; items: Item[] }>;
  /** Every group id of a category matching the search (select-all over the filter), and how many match. */
  groupIds(category: 'matched' | 'suggested', search?: string): Promise<{ ids: number[]; total: number }>;
  onReview(action: 'accept' | 'reject' | 'unmatch', groupIds: number[], reason?: DifferenceReason): Promise<void>;
  onMatch(left: number[], right: number[], note?: string): Promise<void>;
  /** Work queue: an exception's owner, status, reason code, due date and comment. */
  onUpdateException(side: Side, rowId: number, update: ExceptionUpdate): Promise<void>;
  busy?: boolean;
}

const ROW = 44;
const PAGE = 200;
export const ANNOTATION_REASONS = REASON_CODES;

export function fmtAmount(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  return n.toLocaleString(displayLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
/** DuckDB decimals arrive as "1353.250000": shown as 1,353.25. */
export function cell(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : fmtAmount(v);
  if (typeof v === 'string' && /^-?\d+\.\d{3,}$/.test(v)) return fmtAmount(Number(v));
  return String(v);
}

export function tabCounts(s: RunSummary): Record<TabId, number> {
  return {
    matched: s.matched_groups,
    suggested: s.suggested_groups,
    exceptions: s.exceptions.left.count + s.exceptions.right.count,
    unmatched_left: s.unmatched.left.count,
    unmatched_right: s.unmatched.right.count,
  };
}

/** A row's amount in the mapped amount column: numbers as they are, text read as a plain number. */
function amountOf(r: RecordPageItem, column: string | undefined): number | null {
  if (!column) return null;
  const v = r.row[column];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

export function ResultsTabs(props: ResultsTabsProps) {
  const [tab, setTab] = useState<TabId>('suggested');
  const [exSide, setExSide] = useState<Side>('left');
  const [selectedGroups, setSelectedGroups] = useState<Set<number>>(new Set());
  const [picked, setPicked] = useState<{ left: Set<number>; right: Set<number> }>({ left: new Set(), right: new Set() });
  /** Amounts of picked rows, remembered when picked (the row may scroll out of the loaded pages). */
  const [pickedAmounts, setPickedAmounts] = useState<Map<string, number>>(new Map());
  const [followUp, setFollowUp] = useState<{ exception: ExceptionRecord; label: string } | null>(null);
  const [queue, setQueue] = useState<ExceptionQueueFilter>({});
  const [detail, setDetail] = useState<Item | null>(null);
  const closeDetail = () => {
    const back = detail ? resultLabel(detail, props.aliases) : null;
    setDetail(null);
    // Focus returns to the row's Details button it came from.
    if (back) requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`button[aria-label="Details of ${back}"]`)?.focus());
  };
  /** The difference chosen per suggested group, booked only by its "Accept as" button. */
  const [acceptAs, setAcceptAs] = useState<Record<number, DifferenceReason | ''>>({});
  const counts = tabCounts(props.summary);
  const labels: Record<TabId, ReactNode> = {
    matched: 'Matched',
    suggested: 'Suggested',
    exceptions: 'Exceptions',
    unmatched_left: (
      <>
        Unmatched <Name full={props.aliases.left} />
      </>
    ),
    unmatched_right: (
      <>
        Unmatched <Name full={props.aliases.right} />
      </>
    ),
  };
  const category: PageCategory = tab === 'exceptions' ? (exSide === 'left' ? 'exceptions_left' : 'exceptions_right') : tab;
  const [search, setSearch] = useState('');
  /** How many groups matched when "Select all" was used (more than one review takes: say so). */
  const [selectedOf, setSelectedOf] = useState(0);
  const [query, setQuery] = useState('');
  // The server filters (every row, not only the loaded pages); typing waits a moment before asking.
  useEffect(() => {
    const t = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  /** Sorted by the server over every row; one sort per tab kind (group columns ≠ row columns). */
  const [sort, setSort] = useState<PageSort | null>(null);
  const { load } = props;
  const isExceptions = category.startsWith('exceptions');
  const queueFilter = isExceptions && (queue.status !== undefined || queue.owner !== undefined) ? queue : undefined;
  const loader = useCallback((o: number, l: number) => load(category, o, l, query || undefined, sort ?? undefined, queueFilter), [load, category, query, sort, queueFilter]);
  const paged = usePaged<Item>(
    `${props.runId}:${category}:${props.version}:${query}:${sort ? `${sort.by}:${sort.desc ? 'd' : 'a'}` : ''}:${queueFilter ? `${queueFilter.status ?? ''}:${queueFilter.owner ?? ''}` : ''}`,
    PAGE,
    loader,
  );
  const sortHeader = (by: string, label: ReactNode, className: string, title?: string) => (
    <SortHeader key={by} by={by} sort={sort} onSort={setSort} className={className} {...(title ? { title } : {})}>
      {label}
    </SortHeader>
  );
  const isGroups = category === 'matched' || category === 'suggested';
  const count = paged.total ?? 0;
  const searching = search.trim() !== query || (query !== '' && paged.total === null && !paged.error);
  // A review that removed the focused row's last element: focus the list rather than lose it.
  const reviewed = useRef(false);
  useEffect(() => {
    if (reviewed.current && document.activeElement === document.body) document.getElementById('results-panel')?.focus();
  }, [count]);
  const toggleGroup = (g: number) =>
    setSelectedGroups((s) => {
      const n = new Set(s);
      if (n.has(g)) n.delete(g);
      else n.add(g);
      return n;
    });
  const toggleRow = (side: Side, id: number, amount: number | null) => {
    setPickedAmounts((m) => {
      const n = new Map(m);
      const key = `${side}:${id}`;
      if (n.has(key) || amount === null) n.delete(key);
      else n.set(key, amount);
      return n;
    });
    setPicked((p) => {
      const n = new Set(p[side]);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return { ...p, [side]: n };
    });
  };
  const pickedSum = (side: Side) => [...picked[side]].reduce((sum, id) => sum + (pickedAmounts.get(`${side}:${id}`) ?? 0), 0);
  const clearPicks = () => {
    setPicked({ left: new Set(), right: new Set() });
    setPickedAmounts(new Map());
  };
  const review = async (action: 'accept' | 'reject' | 'unmatch', ids: number[], reason?: DifferenceReason) => {
    // The reviewed row leaves the list and the next one takes its place (rows are keyed by
    // position): focus goes to that row's same button, else to the list, never to <body>.
    const from = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const at = from?.closest('[role="row"]')?.getAttribute('aria-rowindex');
    reviewed.current = true;
    await props.onReview(action, ids, reason);
    setSelectedGroups(new Set());
    if (at && from) focusWhenReady(`#results-panel [aria-rowindex="${at}"] [aria-label^="${from.getAttribute('aria-label')?.split(' ')[0] ?? 'Accept'}"]`, 30, '#results-panel');
    else focusWhenReady('#results-panel');
  };
  const allLoadedGroupIds = (): number[] => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const it = paged.item(i);
      if (it && 'group_id' in it) ids.push(it.group_id);
    }
    return ids;
  };

  const renderGroup = (g: GroupPageItem) => {
    const pair = resultLabel(g, props.aliases);
    const deltaClass = g.amount_delta !== null && Math.abs(g.amount_delta) > 0.004 ? 'delta warn' : 'delta';
    return (
      <>
        <span role="gridcell" className="c-check">
          <input type="checkbox" aria-label={`Select ${pair}`} checked={selectedGroups.has(g.group_id)} onChange={() => toggleGroup(g.group_id)} />
        </span>
        <span role="gridcell" className="c-side">
          <span className="side-text" title={g.left_rows.map((r) => sideText([r], props.columns.left)).join('\n')}>
            {sideText(g.left_rows, props.columns.left)}
          </span>
          {g.left_rows.length > 1 && <span className="badge">+{g.left_rows.length - 1}</span>}
        </span>
        <span role="gridcell" className="c-side">
          <span className="side-text" title={g.right_rows.map((r) => sideText([r], props.columns.right)).join('\n')}>
            {sideText(g.right_rows, props.columns.right)}
          </span>
          {g.right_rows.length > 1 && <span className="badge">+{g.right_rows.length - 1}</span>}
        </span>
        <span role="gridcell" className="c-num">{fmtAmount(g.amount_left)}</span>
        <span role="gridcell" className="c-num">{fmtAmount(g.amount_right)}</span>
        <span role="gridcell" className={`c-num ${deltaClass}`}>{fmtAmount(g.amount_delta)}</span>
        <span role="gridcell" className={`c-num c-days ${g.date_delta_days ? 'delta warn' : 'delta'}`}>{g.date_delta_days === null ? '—' : `${g.date_delta_days} d`}</span>
        <span role="gridcell" className="c-rule">
          <span className={`badge status-${g.status}`}>{g.status}</span>{' '}
          {/* The named difference before the rule's name: in a narrow column the name is what gets cut. */}
          {g.difference_reason && <span className="badge reason">{DIFFERENCE_LABELS[g.difference_reason]}</span>}{' '}
          <span className="rule-name" title={explainGroup(g, fmtAmount)}>
            {g.rule_id}
          </span>
          <span className="confidence" aria-label={`confidence ${confidencePercent(g)} %`}> {confidencePercent(g)} %</span>
        </span>
        <span role="gridcell" className="c-actions">
          <button className="small-btn" aria-label={`Details of ${pair}`} onClick={() => setDetail(g)}>
            Details
          </button>
          {g.status === 'suggested' ? (
            <>
              <button className="small-btn accept" aria-label={`Accept ${pair}`} disabled={props.busy} onClick={() => void review('accept', [g.group_id])}>
                Accept
              </button>
              <button className="small-btn" aria-label={`Reject ${pair}`} disabled={props.busy} onClick={() => void review('reject', [g.group_id])}>
                Reject
              </button>
              {g.amount_delta !== null && Math.abs(g.amount_delta) >= 0.005 && (
                // Accept with difference: the reason is kept on the group and exported for booking.
                // Choosing a reason books nothing (arrow keys on a select change it); the button does.
                <>
                  <select
                    className="small-select"
                    aria-label={`Accept ${pair} with its difference as`}
                    disabled={props.busy}
                    value={acceptAs[g.group_id] ?? ''}
                    onChange={(e) => setAcceptAs((m) => ({ ...m, [g.group_id]: e.target.value as DifferenceReason | '' }))}
                  >
                    <option value="">Accept as…</option>
                    {(Object.keys(DIFFERENCE_LABELS) as DifferenceReason[]).map((r) => (
                      <option key={r} value={r}>
                        {DIFFERENCE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                  <button
                    className="small-btn"
                    aria-label={acceptAs[g.group_id] ? `Accept as ${DIFFERENCE_LABELS[acceptAs[g.group_id] as DifferenceReason]}: ${pair}` : `Accept as… (choose the difference first): ${pair}`}
                    disabled={props.busy || !acceptAs[g.group_id]}
                    onClick={() => {
                      const reason = acceptAs[g.group_id];
                      if (!reason) return;
                      setAcceptAs(({ [g.group_id]: _, ...rest }) => rest);
                      void review('accept', [g.group_id], reason);
                    }}
                  >
                    Accept as
                  </button>
                </>
              )}
            </>
          ) : (
            <button className="small-btn" aria-label={`Unmatch ${pair}`} disabled={props.busy} onClick={() => void review('unmatch', [g.group_id])}>
              Unmatch
            </button>
          )}
        </span>
      </>
    );
  };

  const renderRecord = (r: RecordPageItem) => {
    const cols = props.columns[r.side];
    const label = resultLabel(r, props.aliases);
    return (
      <>
        <span role="gridcell" className="c-check">
          <input type="checkbox" aria-label={`Pick ${label}`} checked={picked[r.side].has(r.row_id)} onChange={() => toggleRow(r.side, r.row_id, amountOf(r, props.amountColumns?.[r.side]))} />
        </span>
        {cols.slice(0, 5).map((c) => (
          <span role="gridcell" key={c} className="c-val" title={cell(r.row[c])}>
            {cell(r.row[c])}
          </span>
        ))}
        {r.exception && (
          <span role="gridcell" className="c-exc">
            {/* The actions first: at 1024 px the badges after them may be cut, the buttons and
                who/where/when of the work queue stay in view. */}
            <button className="small-btn" aria-label={`Follow up ${label}`} onClick={() => setFollowUp({ exception: r.exception!, label })}>
              Follow up
            </button>
            <button className="small-btn" aria-label={`Details of ${label}`} onClick={() => setDetail(r)}>
              Details
            </button>
            <span className={`badge queue-badge q-${r.exception.status}`} title={`${queueText(r.exception)} (${STATUS_LABELS[r.exception.status]})${r.exception.annotation_note ? ` — ${r.exception.annotation_note}` : ''}`}>
              {queueText(r.exception)}
            </span>
            <span className="badge warn-badge">{r.exception.reason.replace(/_/g, ' ')}</span>
            {r.exception.amount_delta !== null && <span className="delta warn"> Δ {fmtAmount(r.exception.amount_delta)}</span>}
            {r.exception.annotation_reason && <span className="badge" title={r.exception.annotation_note ?? ''}>📝 {r.exception.annotation_reason}</span>}
          </span>
        )}
      </>
    );
  };

  const header = isGroups ? (
    <div role="row" className="vrow vhead groups">
      <span role="columnheader" className="c-check">
        <input
          type="checkbox"
          aria-label="Select all"
          checked={count > 0 && selectedGroups.size === count}
          onChange={(e) => {
            if (!e.target.checked) return setSelectedGroups(new Set());
            // All groups matching the filter, not only the loaded ones.
            if (category !== 'matched' && category !== 'suggested') return;
            void props.groupIds(category, query || undefined).then(
              (r) => {
                setSelectedGroups(new Set(r.ids));
                setSelectedOf(r.total);
              },
              () => setSelectedGroups(new Set(allLoadedGroupIds())),
            );
          }}
        />
      </span>
      {props.columns.left[0] ? sortHeader(`left:${props.columns.left[0]}`, <Name full={props.aliases.left} />, 'c-side', `Sort by ${props.columns.left[0]}`) : <span role="columnheader" className="c-side"><Name full={props.aliases.left} /></span>}
      {props.columns.right[0] ? sortHeader(`right:${props.columns.right[0]}`, <Name full={props.aliases.right} />, 'c-side', `Sort by ${props.columns.right[0]}`) : <span role="columnheader" className="c-side"><Name full={props.aliases.right} /></span>}
      {sortHeader('amount_left', 'Left', 'c-num', `Amount in ${props.aliases.left}`)}
      {sortHeader('amount_right', 'Right', 'c-num', `Amount in ${props.aliases.right}`)}
      {sortHeader('amount_delta', 'Δ amount', 'c-num', 'Sort by the size of the difference')}
      {sortHeader('date_delta_days', 'Δ date', 'c-num c-days')}
      {sortHeader('rule_id', 'Rule', 'c-rule')}
      <span role="columnheader" className="c-actions">Review</span>
    </div>
  ) : (
    <div role="row" className="vrow vhead records">
      <span role="columnheader" className="c-check" />
      {props.columns[category.endsWith('left') ? 'left' : 'right'].slice(0, 5).map((c) => sortHeader(c, c, 'c-val'))}
      {category.startsWith('exceptions') && <span role="columnheader" className="c-exc">Exception</span>}
    </div>
  );

  return (
    <div className="results-tabs">
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- roving tabindex: the tabs take focus, the list handles their arrow keys */}
      <div role="tablist" aria-label="Result categories" className="tabs" onKeyDown={(e) => rovingKeyDown(e, 'tab')}>
        {(Object.keys(labels) as TabId[]).map((t) => (
          <button
            key={t}
            role="tab"
            id={`rtab-${t}`}
            aria-selected={tab === t}
            tabIndex={rovingTabIndex(tab === t)}
            aria-controls="results-panel"
            className={tab === t ? 'tab active' : 'tab'}
            onClick={() => {
              setTab(t);
              if (tab !== t) setSort(null);
              setDetail(null);
              setSelectedGroups(new Set());
            }}
          >
            {labels[t]} <span className="count">{formatNumber(counts[t])}</span>
          </button>
        ))}
      </div>
      <div id="results-panel" role="tabpanel" tabIndex={-1} aria-labelledby={`rtab-${tab}`} className="tab-body">
        <div className="toolbar results-toolbar">
          <input
            type="search"
            className="results-search"
            aria-label="Search results"
            placeholder="Search any column, rule or note…"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setSelectedGroups(new Set());
            }}
          />
          {/* Until the server has answered for this text (typing pause, then the search over every row), say so rather than "0 matching". */}
          {(query || search.trim()) && (
            <span className="muted small" role="status" aria-busy={searching}>
              {searching ? `Searching for “${search.trim()}”…` : `${formatNumber(count)} matching “${query}”`}
            </span>
          )}
          {tab === 'exceptions' && <ExceptionQueueFilters value={queue} onChange={setQueue} />}
          {tab === 'exceptions' && (
            <div className="segmented" role="radiogroup" aria-label="Exceptions side">
              {(['left', 'right'] as Side[]).map((s) => (
                <label key={s} className={exSide === s ? 'active' : ''}>
                  <input type="radio" name="exside" checked={exSide === s} onChange={() => setExSide(s)} />
                  <Name full={props.aliases[s]} /> ({formatNumber(props.summary.exceptions[s].count)})
                </label>
              ))}
            </div>
          )}
          {isGroups && selectedGroups.size > 0 && (
            <>
              <span className="muted small" role="status">
                {formatNumber(selectedGroups.size)} selected
                {selectedOf > selectedGroups.size && ` (the first ${formatNumber(selectedGroups.size)} of ${formatNumber(selectedOf)}; review them, then select all again)`}
              </span>
              {tab === 'suggested' && (
                <>
                  <button className="primary" disabled={props.busy} onClick={() => void review('accept', [...selectedGroups])}>
                    Accept selected
                  </button>
                  <button disabled={props.busy} onClick={() => void review('reject', [...selectedGroups])}>
                    Reject selected
                  </button>
                </>
              )}
              {tab === 'matched' && (
                <button disabled={props.busy} onClick={() => void review('unmatch', [...selectedGroups])}>
                  Unmatch selected
                </button>
              )}
            </>
          )}
          <span className="grow" />
          {(picked.left.size > 0 || picked.right.size > 0) && (
            <div className="manual-bar" role="status">
              <span>
                Picked {picked.left.size} {props.aliases.left} · {picked.right.size} {props.aliases.right}
              </span>
              {props.amountColumns && (
                <span aria-label="Sums of picked rows">
                  Σ {props.aliases.left} {fmtAmount(pickedSum('left'))} · Σ {props.aliases.right} {fmtAmount(pickedSum('right'))} · difference{' '}
                  <span className={Math.abs(pickedSum('left') - pickedSum('right')) > 0.004 ? 'delta warn' : 'delta'}>{fmtAmount(pickedSum('left') - pickedSum('right'))}</span>
                </span>
              )}
              <button
                className="primary"
                disabled={props.busy || picked.left.size === 0 || picked.right.size === 0}
                // onMatch shows its own errors (the store's results area); the picks clear after it.
                onClick={() => void props.onMatch([...picked.left], [...picked.right]).then(clearPicks)}
              >
                Match picked rows
              </button>
              <button onClick={clearPicks}>Clear</button>
            </div>
          )}
        </div>
        {paged.error && (
          <p role="alert" className="field-error">
            {paged.error}
          </p>
        )}
        {followUp && (
          <ExceptionFollowUp
            key={`${followUp.exception.side}:${followUp.exception.row_id}`}
            label={followUp.label}
            exception={followUp.exception}
            {...(props.busy !== undefined ? { busy: props.busy } : {})}
            onSave={(update) => props.onUpdateException(followUp.exception.side, followUp.exception.row_id, update)}
            onClose={() => {
              const back = followUp.label;
              setFollowUp(null);
              // Focus returns to the row's Follow up button (or the list when the row left the filter).
              requestAnimationFrame(() => (document.querySelector<HTMLButtonElement>(`button[aria-label="Follow up ${back}"]`) ?? document.getElementById('results-panel'))?.focus());
            }}
          />
        )}
        {detail && <ResultDetail item={detail} aliases={props.aliases} format={cell} formatAmount={fmtAmount} onClose={closeDetail} />}
        {paged.total === 0 ? (
          <p className="empty-state small muted">{emptyText(tab)}</p>
        ) : (
          <VirtualList
            label={tab === 'unmatched_left' ? `Unmatched ${props.aliases.left}` : tab === 'unmatched_right' ? `Unmatched ${props.aliases.right}` : String(labels[tab])}
            count={count}
            rowHeight={ROW}
            height={420}
            header={header}
            onRange={paged.onRange}
            renderRow={(i) => {
              const it = paged.item(i);
              if (!it) return <span className="muted small loading-row">Loading…</span>;
              return <div className={isGroups ? 'vcells groups' : 'vcells records'}>{'group_id' in it ? renderGroup(it) : renderRecord(it)}</div>;
            }}
          />
        )}
      </div>
    </div>
  );
}

function sideText(rows: Record<string, unknown>[], cols: string[]): string {
  const r = rows[0];
  if (!r) return '—';
  return cols
    .slice(0, 3)
    .map((c) => cell(r[c]))
    .join(' · ');
}

function emptyText(tab: TabId): string {
  switch (tab) {
    case 'matched':
      return 'Nothing matched yet. Check the rules: a key column or an amount + date rule usually finds most pairs.';
    case 'suggested':
      return 'No suggestions left to review.';
    case 'exceptions':
      return 'No exceptions on this side: no near misses.';
    default:
      return 'Every row on this side is matched.';
  }
}

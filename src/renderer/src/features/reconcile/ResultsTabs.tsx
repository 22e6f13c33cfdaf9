import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DifferenceReason } from '../../../../shared/reconcile/recipe';
import type { ExceptionQueueFilter, ExceptionRecord, ExceptionUpdate, GroupPageItem, PageCategory, PageSort, RecordPageItem, RunSummary, Side } from '../../../../shared/reconcile/sources-and-runs';
import { Name } from './names';
import { usePaged, VirtualList } from './VirtualList';
import { resultLabel } from './result-label';
import { ResultDetail } from './ResultDetail';
import { ExceptionFollowUp, ExceptionQueueFilters, REASON_CODES } from './ExceptionQueue';
import { focusWhenReady } from '../../components/focus';
import { rovingKeyDown, rovingTabIndex } from '../../components/roving';
import { nextSort, SortHeader } from '../../components/SortHeader';
import { formatNumber } from '../../stores/display';
import { amountOf, cell, emptyText, fmtAmount, resolveFields, tabCounts, type ResultItem, type SideFields, type TabId } from './result-format';
import { GROUP_COLUMNS, groupTemplate, isShown, recordTemplate, useColumnLayout, type GroupColumn } from './result-layout';
import { ColumnsMenu, ResizeHandle } from './ColumnControls';
import { GroupCells } from './GroupCells';
import { RecordCells } from './RecordCells';
import { ManualMatchBar } from './ManualMatchBar';

export type { TabId } from './result-format';
export { cell, fmtAmount, tabCounts } from './result-format';
type Item = ResultItem;

export interface ResultsTabsProps {
  runId: number;
  /** Whose column layout (shown columns, widths) this is: kept per workspace. */
  layoutKey?: string;
  summary: RunSummary;
  aliases: { left: string; right: string };
  /** Columns shown per side (mapped ones first). */
  columns: { left: string[]; right: string[] };
  /** The mapped reference, date, text and amount columns per side (by the mapping's roles). */
  fields?: { left: SideFields; right: SideFields };
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

/** Groups take two lines per side (reference and amount; date and text); records one. */
const GROUP_ROW = 56;
const RECORD_ROW = 44;
const PAGE = 200;
export const ANNOTATION_REASONS = REASON_CODES;
/** Record tabs show this many columns until the user picks others. */
const RECORD_COLUMNS = 5;

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

  const sortBy = (by: string) => () => setSort(nextSort(sort, by));
  const ariaSort = (...by: string[]) => (sort && by.includes(sort.by) ? (sort.desc ? 'descending' : 'ascending') : 'none');
  const mark = (by: string) => (sort?.by === by ? (sort.desc ? ' ▼' : ' ▲') : '');
  const { layout, setShown, setWidth, reset } = useColumnLayout(props.layoutKey ?? 'default');
  const shownGroups = GROUP_COLUMNS.filter((c) => isShown(layout, c));
  const recordSide: Side = category.endsWith('left') ? 'left' : 'right';
  const recordIds = props.columns[recordSide].map((c) => `${recordSide}:${c}`);
  const shownRecords = recordIds.filter((id, i) => isShown(layout, id, i < RECORD_COLUMNS));
  const firstLoaded = paged.item(0);
  const sample = (side: Side) => (firstLoaded && 'group_id' in firstLoaded ? firstLoaded[side === 'left' ? 'left_rows' : 'right_rows'][0] : undefined);
  const fields = { left: resolveFields(props.columns.left, props.fields?.left, sample('left')), right: resolveFields(props.columns.right, props.fields?.right, sample('right')) };
  const template = isGroups ? groupTemplate(layout, shownGroups) : recordTemplate(layout, shownRecords, isExceptions);
  const groupLabels: Record<GroupColumn, string> = { left: props.aliases.left, right: props.aliases.right, delta: 'Δ amount and days', rule: 'Rule' };
  const resize = (id: string, label: string) => <ResizeHandle label={label} width={layout.widths[id]} onWidth={(w) => setWidth(id, w)} />;

  const renderGroup = (g: GroupPageItem) => (
    <GroupCells
      group={g}
      label={resultLabel(g, props.aliases)}
      shown={shownGroups}
      fields={fields}
      aliases={props.aliases}
      selected={selectedGroups.has(g.group_id)}
      busy={props.busy}
      acceptAs={acceptAs[g.group_id] ?? ''}
      onAcceptAs={(r) => setAcceptAs(({ [g.group_id]: _, ...rest }) => (r ? { ...rest, [g.group_id]: r } : rest))}
      onToggle={() => toggleGroup(g.group_id)}
      onDetail={() => setDetail(g)}
      onReview={(action, reason) => void review(action, [g.group_id], reason)}
    />
  );

  const renderRecord = (r: RecordPageItem) => {
    const label = resultLabel(r, props.aliases);
    return (
      <RecordCells
        record={r}
        label={label}
        columns={shownRecords.filter((id) => id.startsWith(`${r.side}:`)).map((id) => id.slice(r.side.length + 1))}
        picked={picked[r.side].has(r.row_id)}
        onPick={() => toggleRow(r.side, r.row_id, amountOf(r, props.amountColumns?.[r.side]))}
        onFollowUp={() => r.exception && setFollowUp({ exception: r.exception, label })}
        onDetail={() => setDetail(r)}
      />
    );
  };

  const sideHeader = (side: Side) => {
    const first = fields[side].reference;
    const name = <Name full={props.aliases[side]} />;
    return (
      <span key={side} role="columnheader" className="c-side" aria-sort={ariaSort(`${side}:${first}`)}>
        <button type="button" className="sort-btn" title={`Sort by ${first}`} onClick={sortBy(`${side}:${first}`)}>
          {name}
          <span aria-hidden="true" className="sort-mark">
            {mark(`${side}:${first}`)}
          </span>
        </button>
        <button type="button" className="sort-btn m-amt" title={`Sort by the amount in ${props.aliases[side]}`} aria-label={`Sort by amount in ${props.aliases[side]}`} onClick={sortBy(`amount_${side}`)}>
          Amount{mark(`amount_${side}`)}
        </button>
        {resize(side, groupLabels[side])}
      </span>
    );
  };
  const groupHeaders: Record<GroupColumn, () => ReactNode> = {
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
      <SortHeader key="rule" by="rule_id" sort={sort} onSort={setSort} className="c-rule">
        Rule
      </SortHeader>
    ),
  };

  const header = isGroups ? (
    <div role="row" className="vrow vhead groups" style={{ gridTemplateColumns: template }}>
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
      {shownGroups.map((c) => groupHeaders[c]())}
      <span role="columnheader" className="c-actions">
        Review
      </span>
    </div>
  ) : (
    <div role="row" className="vrow vhead records" style={{ gridTemplateColumns: template }}>
      <span role="columnheader" className="c-check" />
      {shownRecords.map((id) => {
        const c = id.slice(recordSide.length + 1);
        return (
          <span key={id} role="columnheader" className="c-val" aria-sort={ariaSort(c)}>
            <button type="button" className="sort-btn" onClick={sortBy(c)}>
              {c}
              <span aria-hidden="true" className="sort-mark">
                {mark(c)}
              </span>
            </button>
            {resize(id, c)}
          </span>
        );
      })}
      {isExceptions && (
        <span role="columnheader" className="c-exc">
          Exception
        </span>
      )}
    </div>
  );
  const menuColumns = isGroups ? GROUP_COLUMNS.map((c) => ({ id: c, label: c === 'left' || c === 'right' ? <Name full={props.aliases[c]} /> : groupLabels[c], shown: isShown(layout, c) })) : recordIds.map((id, i) => ({ id, label: id.slice(recordSide.length + 1), shown: isShown(layout, id, i < RECORD_COLUMNS) }));

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
          <ColumnsMenu columns={menuColumns} onShown={setShown} onReset={reset} />
          {(picked.left.size > 0 || picked.right.size > 0) && (
            <ManualMatchBar
              aliases={props.aliases}
              count={{ left: picked.left.size, right: picked.right.size }}
              sums={props.amountColumns ? { left: pickedSum('left'), right: pickedSum('right') } : null}
              busy={props.busy}
              // onMatch shows its own errors (the store's results area); the picks clear after it.
              onMatch={() => void props.onMatch([...picked.left], [...picked.right]).then(clearPicks)}
              onClear={clearPicks}
            />
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
            rowHeight={isGroups ? GROUP_ROW : RECORD_ROW}
            height={420}
            header={header}
            onRange={paged.onRange}
            renderRow={(i) => {
              const it = paged.item(i);
              if (!it) return <span className="muted small loading-row">Loading…</span>;
              return <div className={isGroups ? 'vcells groups' : 'vcells records'} style={{ gridTemplateColumns: template }}>{'group_id' in it ? renderGroup(it) : renderRecord(it)}</div>;
            }}
          />
        )}
      </div>
    </div>
  );
}

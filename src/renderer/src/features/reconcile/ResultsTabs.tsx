import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DifferenceReason } from '../../../../shared/reconcile/recipe';
import type { ExceptionQueueFilter, ExceptionRecord, ExceptionUpdate, GroupPageItem, PageCategory, PageSort, RecordPageItem, RunSummary, Side } from '../../../../shared/reconcile/sources-and-runs';
import { Name } from './names';
import { usePaged, VirtualList } from './VirtualList';
import { GroupHeaderRow, RecordHeaderRow, groupColumnLabels } from './ResultsHeader';
import { ResultsTablist, ResultsToolbar, tabLabels } from './ResultsToolbar';
import { resultLabel } from './result-label';
import { ResultDetail } from './ResultDetail';
import { ExceptionFollowUp, REASON_CODES } from './ExceptionQueue';
import { focusWhenReady } from '../../components/focus';
import { amountOf, cell, emptyText, fmtAmount, resolveFields, tabCounts, type ResultItem, type SideFields, type TabId } from './result-format';
import { GROUP_COLUMNS, groupTemplate, isShown, recordTemplate, useColumnLayout } from './result-layout';
import { GroupCells } from './GroupCells';
import { RecordCells } from './RecordCells';

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

/** Groups take two lines per side (reference and amount; date and text); exceptions up to three (actions; queue, reason and Δ badges); records one. */
const GROUP_ROW = 56;
const EXCEPTION_ROW = 74;
const RECORD_ROW = 44;
const PAGE = 200;
export const ANNOTATION_REASONS = REASON_CODES;
/** Record tabs show this many columns until the user picks others. */
const RECORD_COLUMNS = 5;

/** Rows picked for a manual match, with their amounts remembered when picked (the row may scroll out of the loaded pages). */
function usePicks() {
  const [picked, setPicked] = useState<{ left: Set<number>; right: Set<number> }>({ left: new Set(), right: new Set() });
  const [pickedAmounts, setPickedAmounts] = useState<Map<string, number>>(new Map());
  const toggle = (side: Side, id: number, amount: number | null) => {
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
  const sum = (side: Side) => [...picked[side]].reduce((total, id) => total + (pickedAmounts.get(`${side}:${id}`) ?? 0), 0);
  const clear = () => {
    setPicked({ left: new Set(), right: new Set() });
    setPickedAmounts(new Map());
  };
  return { picked, toggle, sum, clear };
}

/** The search text as typed, and the query the server is asked for once typing pauses. */
function useSearch() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  // The server filters (every row, not only the loaded pages); typing waits a moment before asking.
  useEffect(() => {
    const t = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  return { search, setSearch, query };
}

/**
 * Selecting groups and reviewing them: one by one, the selection, or every group matching the
 * search (select all asks the server). Focus stays on the list after a reviewed row leaves it.
 */
function useGroupReview(props: Pick<ResultsTabsProps, 'onReview' | 'groupIds'>, category: PageCategory, query: string, count: number, item: (i: number) => Item | undefined) {
  const [selectedGroups, setSelectedGroups] = useState<Set<number>>(new Set());
  /** How many groups matched when "Select all" was used (more than one review takes: say so). */
  const [selectedOf, setSelectedOf] = useState(0);
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
      const it = item(i);
      if (it && 'group_id' in it) ids.push(it.group_id);
    }
    return ids;
  };
  const selectAll = (checked: boolean) => {
    if (!checked) return setSelectedGroups(new Set());
    // All groups matching the filter, not only the loaded ones.
    if (category !== 'matched' && category !== 'suggested') return;
    void props.groupIds(category, query || undefined).then(
      (r) => {
        setSelectedGroups(new Set(r.ids));
        setSelectedOf(r.total);
      },
      () => setSelectedGroups(new Set(allLoadedGroupIds())),
    );
  };

  return { selectedGroups, setSelectedGroups, selectedOf, toggleGroup, review, selectAll };
}

export function ResultsTabs(props: ResultsTabsProps) {
  const [tab, setTab] = useState<TabId>('suggested');
  const [exSide, setExSide] = useState<Side>('left');
  const picks = usePicks();
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
  const labels = tabLabels(props.aliases);
  const category: PageCategory = tab === 'exceptions' ? (exSide === 'left' ? 'exceptions_left' : 'exceptions_right') : tab;
  const { search, setSearch, query } = useSearch();
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
  const { selectedGroups, setSelectedGroups, selectedOf, toggleGroup, review, selectAll } = useGroupReview(props, category, query, count, paged.item);

  const { layout, setShown, setWidth, reset } = useColumnLayout(props.layoutKey ?? 'default');
  const shownGroups = GROUP_COLUMNS.filter((c) => isShown(layout, c));
  const recordSide: Side = category.endsWith('left') ? 'left' : 'right';
  const recordIds = props.columns[recordSide].map((c) => `${recordSide}:${c}`);
  const shownRecords = recordIds.filter((id, i) => isShown(layout, id, i < RECORD_COLUMNS));
  const firstLoaded = paged.item(0);
  const sample = (side: Side) => (firstLoaded && 'group_id' in firstLoaded ? firstLoaded[side === 'left' ? 'left_rows' : 'right_rows'][0] : undefined);
  const fields = { left: resolveFields(props.columns.left, props.fields?.left, sample('left')), right: resolveFields(props.columns.right, props.fields?.right, sample('right')) };
  const template = isGroups ? groupTemplate(layout, shownGroups) : recordTemplate(layout, shownRecords, isExceptions);
  const groupLabels = groupColumnLabels(props.aliases);

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
        picked={picks.picked[r.side].has(r.row_id)}
        onPick={() => picks.toggle(r.side, r.row_id, amountOf(r, props.amountColumns?.[r.side]))}
        onFollowUp={() => r.exception && setFollowUp({ exception: r.exception, label })}
        onDetail={() => setDetail(r)}
      />
    );
  };

  const sorting = { sort, onSort: setSort, widths: layout.widths, onWidth: setWidth };
  const header = isGroups ? (
    <GroupHeaderRow {...sorting} template={template} shown={shownGroups} fields={fields} aliases={props.aliases} allSelected={count > 0 && selectedGroups.size === count} onSelectAll={selectAll} />
  ) : (
    <RecordHeaderRow {...sorting} template={template} side={recordSide} shown={shownRecords} isExceptions={isExceptions} />
  );
  const menuColumns = isGroups ? GROUP_COLUMNS.map((c) => ({ id: c, label: c === 'left' || c === 'right' ? <Name full={props.aliases[c]} /> : groupLabels[c], shown: isShown(layout, c) })) : recordIds.map((id, i) => ({ id, label: id.slice(recordSide.length + 1), shown: isShown(layout, id, i < RECORD_COLUMNS) }));
  const selectTab = (t: TabId) => {
    setTab(t);
    if (tab !== t) setSort(null);
    setDetail(null);
    setSelectedGroups(new Set());
  };

  return (
    <div className="results-tabs">
      <ResultsTablist tab={tab} labels={labels} counts={tabCounts(props.summary)} onSelect={selectTab} />
      <div id="results-panel" role="tabpanel" tabIndex={-1} aria-labelledby={`rtab-${tab}`} className="tab-body">
        <ResultsToolbar
          tab={tab}
          aliases={props.aliases}
          {...(props.busy !== undefined ? { busy: props.busy } : {})}
          search={{
            text: search,
            query,
            searching,
            count,
            onChange: (text) => {
              setSearch(text);
              setSelectedGroups(new Set());
            },
          }}
          exceptions={{ queue, onQueue: setQueue, side: exSide, onSide: setExSide, counts: props.summary.exceptions }}
          selection={{ size: selectedGroups.size, of: selectedOf, show: isGroups, onReview: (action) => void review(action, [...selectedGroups]) }}
          columns={{ list: menuColumns, onShown: setShown, onReset: reset }}
          picks={{
            count: { left: picks.picked.left.size, right: picks.picked.right.size },
            sums: props.amountColumns ? { left: picks.sum('left'), right: picks.sum('right') } : null,
            // onMatch shows its own errors (the store's results area); the picks clear after it.
            onMatch: () => void props.onMatch([...picks.picked.left], [...picks.picked.right]).then(picks.clear),
            onClear: picks.clear,
          }}
        />
        <ResultsBody
          tab={tab}
          label={tab === 'unmatched_left' ? `Unmatched ${props.aliases.left}` : tab === 'unmatched_right' ? `Unmatched ${props.aliases.right}` : String(labels[tab])}
          error={paged.error}
          empty={paged.total === 0}
          count={count}
          rowHeight={isGroups ? GROUP_ROW : isExceptions ? EXCEPTION_ROW : RECORD_ROW}
          header={header}
          onRange={paged.onRange}
          renderRow={(i) => {
            const it = paged.item(i);
            if (!it) return <span className="muted small loading-row">Loading…</span>;
            return <div className={isGroups ? 'vcells groups' : 'vcells records'} style={{ gridTemplateColumns: template }}>{'group_id' in it ? renderGroup(it) : renderRecord(it)}</div>;
          }}
        >
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
        </ResultsBody>
      </div>
    </div>
  );
}

/** The tab's body: a page error, the follow-up form or detail (children), then the grid or the empty sentence. */
function ResultsBody(p: {
  tab: TabId;
  label: string;
  error: string | null | undefined;
  empty: boolean;
  count: number;
  rowHeight: number;
  header: ReactNode;
  onRange: Parameters<typeof VirtualList>[0]['onRange'];
  renderRow: (i: number) => ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {p.error && (
        <p role="alert" className="field-error">
          {p.error}
        </p>
      )}
      {p.children}
      {p.empty ? <p className="empty-state small muted">{emptyText(p.tab)}</p> : <VirtualList label={p.label} count={p.count} rowHeight={p.rowHeight} height={420} header={p.header} onRange={p.onRange} renderRow={p.renderRow} />}
    </>
  );
}

/**
 * How a result is named on screen: "group 12" for a matched group, "<alias> line 9" for one row. The
 * results list names its buttons with it ("Details of …", "Pick …") and the detail panel its heading
 * and region, and closing the panel finds the button to focus by the same words: one definition, so
 * they cannot drift apart.
 */
import type { GroupPageItem, RecordPageItem, Side } from '../../../../shared/reconcile/sources-and-runs';

type Named = Pick<GroupPageItem, 'group_id'> | (Pick<RecordPageItem, 'side' | 'row_id'> & Partial<Pick<RecordPageItem, 'line'>>);

/** A row is named by its line in the user's file ("bank line 12", as the exports' `line` column); by its row number only when the line is not known. */
export function resultLabel(item: Named, aliases: Record<Side, string>): string {
  if ('group_id' in item) return `group ${item.group_id}`;
  return typeof item.line === 'number' ? `${aliases[item.side]} line ${item.line}` : `${aliases[item.side]} row ${item.row_id}`;
}

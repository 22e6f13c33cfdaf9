/**
 * How a result is named on screen: "group 12" for a matched group, "<alias> row 7" for one row. The
 * results list names its buttons with it ("Details of …", "Pick …") and the detail panel its heading
 * and region, and closing the panel finds the button to focus by the same words: one definition, so
 * they cannot drift apart.
 */
import type { GroupPageItem, RecordPageItem, Side } from '../../../../shared/recon-engine';

type Named = Pick<GroupPageItem, 'group_id'> | Pick<RecordPageItem, 'side' | 'row_id'>;

export function resultLabel(item: Named, aliases: Record<Side, string>): string {
  return 'group_id' in item ? `group ${item.group_id}` : `${aliases[item.side]} row ${item.row_id}`;
}

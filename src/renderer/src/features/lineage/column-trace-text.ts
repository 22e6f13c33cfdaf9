/**
 * The Columns panel's sentence about a column trace (issue 26: the count of what is left out is always
 * shown). The engine lists the nearest columns up to its cap and counts the rest (`total`), so a cut
 * trace says how many it drew and how many it left out.
 */
import type { ColumnTrace } from '../../../../shared/lineage';
import { formatNumber } from '../../stores/display';

const columns = (n: number, noun: string) => `${formatNumber(n)} ${noun}${n === 1 ? '' : 's'}`;

export function traceSummary(trace: Pick<ColumnTrace, 'column' | 'direction' | 'nodes' | 'truncated' | 'total' | 'totalIsLowerBound'>): string {
  const drawn = trace.nodes.length - 1;
  const cut = trace.truncated && trace.total !== undefined;
  const others = cut ? trace.total! - 1 : drawn;
  const more = cut && trace.totalIsLowerBound ? 'more than ' : '';
  const main =
    trace.direction === 'upstream'
      ? `${trace.column} is made from ${more}${columns(others, 'column')} upstream`
      : others === 0
        ? `No view reads ${trace.column}: dropping it breaks nothing in this catalog`
        : `${more}${columns(others, 'view column')} read${others === 1 && !more ? 's' : ''} ${trace.column}; dropping it breaks ${others === 1 && !more ? 'that column' : 'them'}`;
  if (!trace.truncated) return `${main}.`;
  if (!cut) return `${main} (the farthest are left out; the engine did not say how many).`;
  const leftOut = trace.total! - trace.nodes.length;
  return `${main} (the nearest ${formatNumber(drawn)} drawn, ${more}${formatNumber(leftOut)} farthest left out).`;
}

import type { RunSummary } from './sources-and-runs';

/**
 * A run's counts as people see them: groups matched and suggested, exceptions on both sides, rows
 * left unmatched per side, the match rate. The results tabs show the first five; `kalla recon`
 * prints all six, in this order (one-off and `--workspace` alike).
 */
export function runCounts(s: RunSummary) {
  return {
    matched: s.matched_groups,
    suggested: s.suggested_groups,
    exceptions: s.exceptions.left.count + s.exceptions.right.count,
    unmatched_left: s.unmatched.left.count,
    unmatched_right: s.unmatched.right.count,
    match_rate: s.match_rate,
  };
}

import type { RunSummary } from '../shared/reconcile/sources-and-runs';

/**
 * The counts `kalla recon` prints for a run (one-off and `--workspace` alike, in this order): groups
 * matched and suggested, exceptions on both sides, rows left unmatched per side, the match rate.
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

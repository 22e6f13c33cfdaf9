import { fmtAmount } from './result-format';

/** Rows picked by hand on either side, their sums and difference, and "Match picked rows". */
export function ManualMatchBar(p: { aliases: { left: string; right: string }; count: { left: number; right: number }; sums: { left: number; right: number } | null; busy?: boolean | undefined; onMatch(): void; onClear(): void }) {
  const diff = p.sums ? p.sums.left - p.sums.right : 0;
  return (
    <div className="manual-bar" role="status">
      <span>
        Picked {p.count.left} {p.aliases.left} · {p.count.right} {p.aliases.right}
      </span>
      {p.sums && (
        <span aria-label="Sums of picked rows">
          Σ {p.aliases.left} {fmtAmount(p.sums.left)} · Σ {p.aliases.right} {fmtAmount(p.sums.right)} · difference <span className={Math.abs(diff) > 0.004 ? 'delta warn' : 'delta'}>{fmtAmount(diff)}</span>
        </span>
      )}
      <button className="primary" disabled={p.busy || p.count.left === 0 || p.count.right === 0} onClick={p.onMatch}>
        Match picked rows
      </button>
      <button onClick={p.onClear}>Clear</button>
    </div>
  );
}

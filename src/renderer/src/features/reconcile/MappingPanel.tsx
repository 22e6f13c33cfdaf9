import type { Side } from '../../../../shared/reconcile/sources-and-runs';
import { type MappingRow } from '../../../../shared/reconcile/workspace';
import { useReconcile } from '../../stores/reconcile';
import { MappingTable } from './MappingTable';
import { EVIDENCE_WARNING, FormatPicker } from './FormatPicker';
import { focusWhenReady } from '../../components/focus';

const NO_ROWS: MappingRow[] = [];

export function MappingPanel() {
  const ws = useReconcile((s) => s.ws)!;
  const busy = useReconcile((s) => s.busy.mapping);
  const error = useReconcile((s) => s.errors.mapping);
  const { act, saveReview } = useReconcile.getState();
  const rows = ws.mapping?.rows ?? NO_ROWS;
  const ready = Boolean(ws.sources.left && ws.sources.right);
  // Untyped amount and date columns are said by the format picker, from the sources as they are now.
  const corrections = (ws.mapping?.warnings ?? []).filter((w) => !EVIDENCE_WARNING.test(w));
  // Derived columns (signed_amount from Debit/Credit or an indicator) are mapped too: the engine
  // proposes them as the amount, and a select without the option showed the first column instead.
  const cols = (side: Side) => ws.sources[side]?.info.columns.map((c) => c.name) ?? [];
  return (
    <section className="rc-section" aria-labelledby="step-mapping">
      <header className="rc-section-head">
        <h2 id="step-mapping">
          <span className="step-no">2</span> Column mapping {ws.mapping?.confirmed && <span className="badge ok-badge">confirmed</span>}
        </h2>
        <div className="toolbar">
          {ws.mapping?.engine && (
            <span className="muted small" title={ws.mapping.fallback_reason}>
              proposed by the {ws.mapping.engine === 'llm' ? 'Claude (llm)' : 'offline (local)'} engine
            </span>
          )}
          <button disabled={!ready || Boolean(busy)} onClick={() => void act('mapping', 'Detecting…', 'reconcile.detectMappings', { id: ws.id })}>
            {ws.mapping ? 'Detect again' : 'Detect mappings'}
          </button>
        </div>
      </header>
      {busy && (
        <p role="status" className="muted">
          {busy}
        </p>
      )}
      {(error || ws.mapping_error) && (
        <div className="banner error" role="alert">
          <span>{error ?? ws.mapping_error}</span>
          <button onClick={() => void act('mapping', 'Detecting…', 'reconcile.detectMappings', { id: ws.id })}>Try again</button>
        </div>
      )}
      {!ready && <p className="empty-hint">Once both files are loaded, Kalla proposes which columns belong together. You review every pair before anything runs.</p>}
      {ready && <FormatPicker ws={ws} />}
      {ready && ws.mapping && (
        <>
          {corrections.length > 0 && <p className="muted small">Corrected: {corrections.join('; ')}</p>}
          <MappingTable
            rows={rows}
            leftColumns={cols('left')}
            rightColumns={cols('right')}
            leftAlias={ws.aliases.left}
            rightAlias={ws.aliases.right}
            unmappedLeft={ws.mapping.unmapped_a}
            unmappedRight={ws.mapping.unmapped_b}
            confirmed={ws.mapping.confirmed}
            busy={Boolean(busy)}
            onChange={(edit) => void saveReview(edit(useReconcile.getState().ws?.mapping?.rows ?? rows))}
            onConfirm={(next) => {
              const from = document.activeElement;
              void act('mapping', 'Confirming…', 'reconcile.confirmMappings', { id: ws.id, rows: next }).then((out) => {
                // The button was disabled while confirming: focus goes to the next step (Run, once rules
                // exist), never to <body> — unless the user went on to another control meanwhile.
                if (out) focusWhenReady('#run-button', 60, '#confirm-mapping', from);
              });
            }}
          />
        </>
      )}
    </section>
  );
}

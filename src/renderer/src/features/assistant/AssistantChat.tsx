/**
 * The Assistant chat for one conversation scope: messages streaming in, tool
 * calls with who approved them, confirmation cards, step count and limit,
 * Stop, and a clear way to configure a provider when there is none.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AssistantEntry, ConfirmRemember, PendingConfirmation } from '../../../../shared/contract/assistant';
import { useApp } from '../../stores/app';
import { useAssistant } from '../../stores/assistant';
import { MermaidDiagram } from './MermaidDiagram';

const PROVIDER_LABEL: Record<string, string> = { anthropic: 'Anthropic', openai: 'OpenAI-compatible', gemini: 'Gemini', none: 'none' };

const STATUS_LABEL: Record<Extract<AssistantEntry, { kind: 'tool' }>['status'], string> = {
  asking: 'waiting for you',
  running: 'running',
  done: 'done',
  error: 'failed',
  refused: 'not run',
  cancelled: 'cancelled',
};

function approvalText(e: Extract<AssistantEntry, { kind: 'tool' }>): string | undefined {
  const a = e.approval;
  if (!a) return undefined;
  if (a.by === 'auto') return `Ran without asking — ${a.reason}`;
  if (a.by === 'settings') return `Blocked — ${a.reason}`;
  return a.decision === 'approved' ? 'Approved by you' : 'Declined by you';
}

function json(v: unknown): string {
  return JSON.stringify(v, null, 2);
}

function ToolEntry({ e }: { e: Extract<AssistantEntry, { kind: 'tool' }> }) {
  const hasArgs = Object.keys(e.arguments).length > 0;
  return (
    <li className={`assistant-tool status-${e.status}`} aria-label={`Tool ${e.tool}`}>
      <div className="assistant-tool-head">
        <span className="assistant-tool-name">
          <span className="muted">{e.server} ›</span> {e.tool}
        </span>
        <span className="assistant-tool-status" data-status={e.status}>
          {STATUS_LABEL[e.status]}
        </span>
      </div>
      {approvalText(e) && <div className="assistant-tool-approval muted">{approvalText(e)}</div>}
      {e.mermaid && <MermaidDiagram source={e.mermaid} />}
      {(hasArgs || e.result) && (
        <details>
          <summary>Details</summary>
          {hasArgs && (
            <>
              <div className="assistant-label">Arguments</div>
              <pre className="assistant-code">{json(e.arguments)}</pre>
            </>
          )}
          {e.result && (
            <>
              <div className="assistant-label">Result</div>
              <pre className="assistant-code">{e.result}</pre>
            </>
          )}
        </details>
      )}
    </li>
  );
}

function ConfirmCard({ p, onAnswer }: { p: PendingConfirmation; onAnswer: (approve: boolean, remember?: ConfirmRemember) => void }) {
  const [busy, setBusy] = useState(false);
  const answer = (approve: boolean, remember?: ConfirmRemember) => {
    setBusy(true);
    onAnswer(approve, remember);
  };
  return (
    <section className={p.finalizing ? 'assistant-confirm finalizing' : 'assistant-confirm'} role="group" aria-label={`Confirm ${p.tool}`}>
      <div className="assistant-confirm-title">
        Run <strong>{p.tool}</strong> <span className="muted">on {p.server}</span>?{p.finalizing && <span className="assistant-badge">finalizing</span>}
      </div>
      <p className="assistant-confirm-reason">{p.reason}</p>
      <div className="assistant-label">Arguments</div>
      <pre className="assistant-code">{Object.keys(p.arguments).length ? json(p.arguments) : '(none)'}</pre>
      <div className="assistant-confirm-actions">
        <button className="primary" disabled={busy} onClick={() => answer(true)}>
          Approve
        </button>
        {/* Finalizing tools ask every time: nothing to remember for them. */}
        {!p.finalizing && (
          <>
            <button disabled={busy} onClick={() => answer(true, 'conversation')} title={`Run ${p.tool} without asking for the rest of this conversation`}>
              Allow in this conversation
            </button>
            <button disabled={busy} onClick={() => answer(true, 'always')} title={`Set ${p.tool} on ${p.server} to “always” in Tool permissions`}>
              Always allow
            </button>
          </>
        )}
        <button disabled={busy} onClick={() => answer(false)}>
          Deny
        </button>
      </div>
    </section>
  );
}

export function AssistantChat({ scope, title, compact = false }: { scope: string; title: string; compact?: boolean }) {
  const state = useAssistant((s) => s.states[scope]);
  const error = useAssistant((s) => s.errors[scope]);
  const { load, send, cancel, confirm, clear } = useAssistant.getState();
  const setView = useApp((s) => s.setView);
  const connection = useApp((s) => s.connection);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (connection === 'open') void load(scope);
  }, [scope, connection, load]);

  const lastEntry = state?.entries.at(-1);
  const tail = `${state?.entries.length ?? 0}:${lastEntry?.kind === 'assistant' ? lastEntry.text.length : ''}:${state?.pending.length ?? 0}`;
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [tail]);

  const provider = state?.provider;
  const canSend = provider?.configured === true && !state?.running && draft.trim() !== '';
  const submit = async () => {
    if (!canSend) return;
    const text = draft.trim();
    setDraft('');
    if (!(await send(scope, text))) setDraft(text);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <section className={compact ? 'assistant compact' : 'assistant'} aria-label={title}>
      <header className="assistant-header">
        {/* The Assistant workspace's own title is its page's h1; in a workspace's side panel it is a section. */}
        {compact ? <h2>{title}</h2> : <h1>{title}</h1>}
        {provider?.configured && (
          <span className="muted assistant-model">
            {PROVIDER_LABEL[provider.provider]} · {provider.model}
          </span>
        )}
        <button className="link-button" onClick={() => void clear(scope)} disabled={!state || state.entries.length === 0 || state.running}>
          Clear conversation
        </button>
      </header>

      {provider && !provider.configured && (
        <div className="banner assistant-setup" role="note">
          <span>{provider.problem}</span>
          <button className="primary" onClick={() => setView('settings')}>
            Open Settings
          </button>
        </div>
      )}
      {error && (
        <div className="banner error" role="alert">
          {error}
        </div>
      )}

      <div className="assistant-log" ref={listRef} tabIndex={0} role="region" aria-label="Assistant conversation">
        {state && state.entries.length === 0 && (
          <div className="assistant-empty muted">
            <p>Ask in words, for example:</p>
            <ul>
              <li>“Reconcile march_bank.csv against march_invoices.csv and tell me what didn’t match”</li>
              <li>“Open the kalla_ecommerce lineage sample and draw what depends on customers”</li>
              <li>“Which MCP servers are running?”</li>
            </ul>
            <p>Tools that change data ask you first; anything that finalizes a result always does.</p>
          </div>
        )}
        <ol className="assistant-entries" aria-label="Conversation">
          {state?.entries.map((e) =>
            e.kind === 'user' ? (
              <li key={e.id} className="assistant-msg user">
                <div className="assistant-who">You</div>
                <div className="assistant-text">{e.text}</div>
              </li>
            ) : e.kind === 'assistant' ? (
              <li key={e.id} className="assistant-msg bot" aria-label="Assistant message">
                <div className="assistant-who">Assistant</div>
                <div className="assistant-text">{e.text}</div>
              </li>
            ) : e.kind === 'tool' ? (
              <ToolEntry key={e.id} e={e} />
            ) : (
              <li key={e.id} className={`assistant-notice ${e.level}`} role={e.level === 'error' ? 'alert' : undefined}>
                {e.text}
              </li>
            ),
          )}
        </ol>
        {state?.pending.map((p) => <ConfirmCard key={p.id} p={p} onAnswer={(approve, remember) => void confirm(scope, p.id, approve, remember)} />)}
      </div>

      <footer className="assistant-footer">
        <div className="assistant-status" aria-live="polite">
          {state?.running ? (
            <>
              <span className="assistant-spinner" aria-hidden />
              <span data-testid="assistant-steps">
                Working — step {Math.max(1, state.step + (state.pending.length ? 0 : 1))} of {state.maxSteps}
              </span>
              <button onClick={() => void cancel(scope)}>Stop</button>
            </>
          ) : state && state.step > 0 ? (
            <span className="muted" data-testid="assistant-steps">
              Last request used {state.step} of {state.maxSteps} steps
            </span>
          ) : state ? (
            <span className="muted">Up to {state.maxSteps} steps per request</span>
          ) : null}
        </div>
        <div className="assistant-compose">
          <textarea
            aria-label="Message the Assistant"
            placeholder={provider && !provider.configured ? 'Set up a provider in Settings to chat' : 'Ask the Assistant… (Enter to send, Shift+Enter for a new line)'}
            value={draft}
            rows={compact ? 3 : 2}
            disabled={!provider?.configured}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKey}
          />
          <button className="primary" disabled={!canSend} onClick={() => void submit()}>
            Send
          </button>
        </div>
      </footer>
    </section>
  );
}

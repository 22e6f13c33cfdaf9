/**
 * A server asks the user something: an elicitation form (its schema as the tool form, defaults
 * filled in), a web page to open (only after the user says so), or to use their model (sampling:
 * the request first, then the model's answer to review before it goes back). One dialog at a time,
 * oldest first; a request answered in another window, withdrawn by the server or timed out leaves.
 */
import { useEffect, useState } from 'react';
import type { ClientAnswer, ClientRequest } from '../../../../shared/mcp';
import { call, errorMessage, onEvent } from '../../api/client';
import { Dialog } from '../../components/Dialog';
import { SchemaForm } from './SchemaForm';
import { buildArgs, fieldsFromSchema } from './schema-form';

export function ClientRequestDialog() {
  const [queue, setQueue] = useState<ClientRequest[]>([]);
  useEffect(() => {
    let live = true;
    const offAdded = onEvent('servers.clientRequest', (r) => setQueue((q) => (q.some((x) => x.id === r.id) ? q : [...q, r])));
    const offSettled = onEvent('servers.clientRequestSettled', ({ id }) => setQueue((q) => q.filter((r) => r.id !== id)));
    // Questions asked before this window opened.
    call('servers.clientRequests', {}).then(
      ({ requests }) => live && setQueue((q) => [...q, ...requests.filter((r) => !q.some((x) => x.id === r.id))]),
      () => {},
    );
    return () => {
      live = false;
      offAdded();
      offSettled();
    };
  }, []);
  const current = queue[0];
  if (!current) return null;
  return <RequestDialog key={current.id} request={current} onDone={() => setQueue((q) => q.filter((r) => r.id !== current.id))} />;
}

function RequestDialog({ request, onDone }: { request: ClientRequest; onDone(): void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const answer = async (a: ClientAnswer) => {
    setBusy(true);
    setError(undefined);
    try {
      await call('servers.answerClientRequest', { id: request.id, answer: a });
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const title =
    request.kind === 'elicitForm'
      ? `${request.server} asks for information`
      : request.kind === 'elicitUrl'
        ? `${request.server} asks you to open a web page`
        : request.kind === 'sampling'
          ? `${request.server} asks to use your model`
          : `Send the model's answer to ${request.server}?`;
  return (
    <Dialog open title={title} onClose={() => void answer({ action: 'cancel' })} wide>
      {request.kind === 'elicitForm' && <ElicitForm request={request} busy={busy} onAnswer={(a) => void answer(a)} />}
      {request.kind === 'elicitUrl' && (
        <>
          <p className="prewrap">{request.message}</p>
          <p>
            <code className="break-all">{request.url}</code>
          </p>
          <p className="muted small">The page opens in your browser only if you choose to open it. Check the address first.</p>
          <div className="toolbar end">
            <button onClick={() => void answer({ action: 'decline' })} disabled={busy}>
              Decline
            </button>
            <a
              className="button primary"
              href={request.url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => void answer({ action: 'accept' })}
            >
              Open in browser
            </a>
          </div>
        </>
      )}
      {request.kind === 'sampling' && (
        <>
          <p>
            The server wants a completion from <strong>{request.model}</strong> (your Assistant's model), up to {request.maxTokens.toLocaleString()} tokens. Nothing is sent unless you approve;
            you will see the answer before it goes back.
          </p>
          {request.systemPrompt && (
            <>
              <h3 className="small">System prompt</h3>
              <pre className="block" tabIndex={0} role="region" aria-label="System prompt">
                {request.systemPrompt}
              </pre>
            </>
          )}
          <h3 className="small">Messages</h3>
          <ol className="sampling-messages" aria-label="Messages the server wants sent">
            {request.messages.map((m, i) => (
              <li key={i}>
                <span className="muted small">{m.role}</span>
                <pre className="block" tabIndex={0} role="region" aria-label={`Message ${i + 1}`}>
                  {m.text}
                </pre>
              </li>
            ))}
          </ol>
          {request.modelPreferences && <p className="muted small">Model preferences: {JSON.stringify(request.modelPreferences)}</p>}
          <div className="toolbar end">
            <button onClick={() => void answer({ action: 'decline' })} disabled={busy}>
              Decline
            </button>
            <button className="primary" onClick={() => void answer({ action: 'accept' })} disabled={busy}>
              Send to {request.model}
            </button>
          </div>
        </>
      )}
      {request.kind === 'samplingReview' && <SamplingReview request={request} busy={busy} onAnswer={(a) => void answer(a)} />}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}

function ElicitForm({ request, busy, onAnswer }: { request: Extract<ClientRequest, { kind: 'elicitForm' }>; busy: boolean; onAnswer(a: ClientAnswer): void }) {
  const fields = fieldsFromSchema(request.requestedSchema);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      aria-label={`Answer ${request.server}`}
      onSubmit={(e) => {
        e.preventDefault();
        const built = buildArgs(fields, values);
        setErrors(built.errors);
        if (Object.keys(built.errors).length === 0) onAnswer({ action: 'accept', content: built.args });
      }}
    >
      <p className="prewrap">{request.message}</p>
      <SchemaForm idPrefix={`elicit-${request.id}`} fields={fields} values={values} errors={errors} onChange={(n, v) => setValues((s) => ({ ...s, [n]: v }))} />
      <div className="toolbar end">
        <button type="button" onClick={() => onAnswer({ action: 'cancel' })} disabled={busy}>
          Cancel
        </button>
        <button type="button" onClick={() => onAnswer({ action: 'decline' })} disabled={busy}>
          Decline
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Send
        </button>
      </div>
    </form>
  );
}

function SamplingReview({ request, busy, onAnswer }: { request: Extract<ClientRequest, { kind: 'samplingReview' }>; busy: boolean; onAnswer(a: ClientAnswer): void }) {
  const [text, setText] = useState(request.text);
  return (
    <>
      <p>
        {request.model} answered. Check it (you may edit it) before it goes back to {request.server}.
      </p>
      <label htmlFor={`review-${request.id}`} className="small">
        Answer to send
      </label>
      <textarea id={`review-${request.id}`} rows={8} value={text} onChange={(e) => setText(e.target.value)} />
      <div className="toolbar end">
        <button onClick={() => onAnswer({ action: 'decline' })} disabled={busy}>
          Discard
        </button>
        <button className="primary" onClick={() => onAnswer({ action: 'accept', text })} disabled={busy}>
          Send back
        </button>
      </div>
    </>
  );
}

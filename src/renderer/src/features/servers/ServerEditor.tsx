import { useEffect, useState } from 'react';
import type { ConfigProblem, ServerConfig } from '../../../../shared/mcp';
import { call, errorMessage } from '../../api/client';
import { Dialog } from '../../components/Dialog';
import { ConfigProblems } from './ConfigProblems';

export type EditorMode = { kind: 'add' } | { kind: 'edit'; name: string } | { kind: 'raw' };

interface FormState {
  name: string;
  /** A local program (stdio) or a remote endpoint (Streamable HTTP / SSE). */
  kind: 'local' | 'remote';
  command: string;
  url: string;
  /** "Name: value" lines. */
  headers: string;
  /** "" = Streamable HTTP with SSE fall-back; "sse" = legacy SSE only. */
  remoteType: string;
  args: string;
  env: string;
  cwd: string;
  timeoutSec: string;
  startTimeoutSec: string;
  /** Names of app environment variables passed on, separated by spaces, commas or lines. */
  inheritEnv: string;
  /** Folders offered as MCP roots, one per line. */
  roots: string;
  disabled: boolean;
  /** OAuth: "" = sign in in the browser; "client_credentials" = a service account, no browser. */
  oauthGrant: string;
  oauthClientId: string;
  /** Typed only to set or replace the stored secret/key: they are never shown or read back. */
  oauthSecret: string;
  oauthKey: string;
  oauthAlg: string;
  /** Space-separated. */
  oauthScopes: string;
  oauthMetadataUrl: string;
  oauthIssuer: string;
  /** Settings the form has no field for (e.g. maxMessageMiB): kept as they were. */
  keep: Partial<ServerConfig>;
}

const EMPTY: FormState = { name: '', kind: 'local', url: '', headers: '', remoteType: '', command: '', args: '', env: '', cwd: '', timeoutSec: '', startTimeoutSec: '', inheritEnv: '', roots: '', disabled: false, oauthGrant: '', oauthClientId: '', oauthSecret: '', oauthKey: '', oauthAlg: '', oauthScopes: '', oauthMetadataUrl: '', oauthIssuer: '', keep: {} };

function toForm(name: string, c: ServerConfig): FormState {
  return {
    name,
    kind: c.url !== undefined ? 'remote' : 'local',
    command: c.command ?? '',
    url: c.url ?? '',
    headers: Object.entries(c.headers ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    remoteType: c.type === 'sse' ? 'sse' : c.url !== undefined && c.type ? c.type : '',
    args: (c.args ?? []).join('\n'),
    env: Object.entries(c.env ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
    cwd: c.cwd ?? '',
    timeoutSec: c.timeoutMs ? String(c.timeoutMs / 1000) : '',
    startTimeoutSec: c.startTimeoutMs ? String(c.startTimeoutMs / 1000) : '',
    inheritEnv: (c.inheritEnv ?? []).join(' '),
    roots: (c.roots ?? []).join('\n'),
    disabled: Boolean(c.disabled),
    oauthGrant: c.oauth?.grant === 'client_credentials' ? 'client_credentials' : '',
    oauthClientId: c.oauth?.clientId ?? '',
    oauthSecret: '',
    oauthKey: '',
    oauthAlg: c.oauth?.signingAlgorithm ?? '',
    oauthScopes: (c.oauth?.scopes ?? []).join(' '),
    oauthMetadataUrl: c.oauth?.clientMetadataUrl ?? '',
    oauthIssuer: c.oauth?.issuer ?? '',
    keep: c.maxMessageMiB !== undefined ? { maxMessageMiB: c.maxMessageMiB } : {},
  };
}

const SIGNING_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;

/**
 * The `oauth` block, or undefined when every OAuth field is empty (the client then registers
 * itself). A secret or key is sent only when typed: empty keeps what the secret store holds.
 */
function oauthFromForm(f: FormState, errors: Record<string, string>): ServerConfig['oauth'] {
  const service = f.oauthGrant === 'client_credentials';
  const clientId = f.oauthClientId.trim();
  const scopes = f.oauthScopes.split(/[\s,]+/).filter(Boolean);
  const metadataUrl = f.oauthMetadataUrl.trim();
  const issuer = f.oauthIssuer.trim();
  const key = f.oauthKey.trim();
  if (service && !clientId) errors.oauthClientId = 'A service account needs its client id.';
  if (metadataUrl && !/^https:\/\/[^/\s]+\/\S+$/.test(metadataUrl)) errors.oauthMetadataUrl = 'An https:// address with a path, where your client metadata document is published.';
  if (issuer && !/^https?:\/\/\S+$/.test(issuer)) errors.oauthIssuer = 'The authorization server address, starting with https://.';
  if (key && !(key.includes('-----BEGIN') && key.includes('PRIVATE KEY-----'))) errors.oauthKey = 'Paste the PEM private key, from -----BEGIN PRIVATE KEY----- to the END line.';
  const oauth: NonNullable<ServerConfig['oauth']> = {
    ...(service ? { grant: 'client_credentials' as const } : {}),
    ...(clientId ? { clientId } : {}),
    ...(f.oauthSecret ? { clientSecret: f.oauthSecret } : {}),
    ...(service && key ? { privateKey: key } : {}),
    ...(service && f.oauthAlg ? { signingAlgorithm: f.oauthAlg as (typeof SIGNING_ALGORITHMS)[number] } : {}),
    ...(scopes.length ? { scopes } : {}),
    ...(!service && metadataUrl ? { clientMetadataUrl: metadataUrl } : {}),
    ...(service && issuer ? { issuer } : {}),
  };
  return Object.keys(oauth).length ? oauth : undefined;
}

/** `Name<sep>value` lines (blank lines skipped) as a record; a line without a name reports its index. */
function namedLines(text: string, sep: string, bad: (index: number) => void, value: (raw: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .forEach((line, i) => {
      const at = line.indexOf(sep);
      if (at <= 0) bad(i);
      else out[line.slice(0, at).trim()] = value(line.slice(at + 1));
    });
  return out;
}

/** A seconds field as milliseconds: undefined when empty; outside 1..max it reports the range instead. */
function secondsToMs(text: string, max: number, bad: (message: string) => void): number | undefined {
  if (!text.trim()) return undefined;
  const s = Number(text);
  if (!Number.isFinite(s) || s < 1 || s > max) {
    bad(`Between 1 and ${max} seconds.`);
    return undefined;
  }
  return Math.round(s * 1000);
}

/** Parses the form; returns field errors instead of throwing so each can be shown in place. */
export function formToConfig(f: FormState): { config?: ServerConfig; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!f.name.trim()) errors.name = 'Give the server a name.';
  const remote = f.kind === 'remote';
  if (!remote && !f.command.trim()) errors.command = 'Enter the command that starts the server, e.g. npx or uvx.';
  if (remote && !/^https?:\/\/\S+$/i.test(f.url.trim())) errors.url = 'Enter the server URL, starting with https:// (or http:// for a server on this machine).';
  const headers = namedLines(f.headers, ':', (i) => (errors.headers = `Line ${i + 1}: write Name: value, e.g. Authorization: Bearer …`), (v) => v.trim());
  const env = namedLines(f.env, '=', (i) => (errors.env = `Line ${i + 1}: write NAME=value.`), (v) => v);
  const timeoutMs = secondsToMs(f.timeoutSec, 3600, (text) => (errors.timeoutSec = text));
  const startTimeoutMs = secondsToMs(f.startTimeoutSec, 600, (text) => (errors.startTimeoutSec = text));
  const inheritEnv = f.inheritEnv.split(/[\s,]+/).filter(Boolean);
  const badName = inheritEnv.find((n) => !/^[A-Za-z_][A-Za-z0-9_()]*$/.test(n));
  if (badName) errors.inheritEnv = `"${badName}" is not a variable name; list names like AWS_PROFILE, without values.`;
  const roots = f.roots
    .split('\n')
    .map((r) => r.trim())
    .filter(Boolean);
  const relative = roots.find((r) => !(r.startsWith('/') || /^[A-Za-z]:[\\/]/.test(r) || r.startsWith('\\\\')));
  if (relative) errors.roots = `"${relative}" is not a full folder path (e.g. /Users/me/Documents).`;
  const oauth = remote ? oauthFromForm(f, errors) : undefined;
  if (Object.keys(errors).length) return { errors };
  const rootsField = roots.length ? { roots } : {};
  if (remote) {
    return {
      errors,
      config: {
        url: f.url.trim(),
        ...(f.remoteType ? { type: f.remoteType } : {}),
        ...(Object.keys(headers).length ? { headers } : {}),
        args: [],
        env: {},
        ...(timeoutMs ? { timeoutMs } : {}),
        ...(startTimeoutMs ? { startTimeoutMs } : {}),
        ...rootsField,
        ...(oauth ? { oauth } : {}),
        ...f.keep,
        ...(f.disabled ? { disabled: true } : {}),
      },
    };
  }
  return {
    errors,
    config: {
      command: f.command.trim(),
      args: f.args
        .split('\n')
        .map((a) => a.trim())
        .filter(Boolean),
      env,
      ...(f.cwd.trim() ? { cwd: f.cwd.trim() } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(startTimeoutMs ? { startTimeoutMs } : {}),
      ...(inheritEnv.length ? { inheritEnv } : {}),
      ...rootsField,
      ...f.keep,
      ...(f.disabled ? { disabled: true } : {}),
    },
  };
}

export function ServerEditor(props: { mode: EditorMode; onClose(): void; onSaved(name?: string): void }) {
  const { mode } = props;
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [rawText, setRawText] = useState('');
  const [rawPath, setRawPath] = useState('');
  const [problems, setProblems] = useState<ConfigProblem[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (mode.kind === 'edit') {
      void call('servers.getConfig', { name: mode.name })
        .then(({ config }) => setForm(toForm(mode.name, config)))
        .catch((e) => setFailure(errorMessage(e)));
    }
    if (mode.kind === 'raw') {
      void call('servers.configText', {})
        .then(({ text, path }) => {
          setRawText(text || '{\n  "mcpServers": {}\n}\n');
          setRawPath(path);
        })
        .catch((e) => setFailure(errorMessage(e)));
    }
  }, [mode]);

  const set = (k: keyof FormState) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const saveForm = async () => {
    const { config, errors: errs } = formToConfig(form);
    setErrors(errs);
    if (!config) return;
    setBusy(true);
    setFailure(undefined);
    try {
      if (mode.kind === 'add') await call('servers.add', { name: form.name.trim(), config });
      else if (mode.kind === 'edit') await call('servers.update', { name: mode.name, config });
      props.onSaved(form.name.trim());
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const saveRaw = async () => {
    if (!rawText.trim()) {
      setFailure('The file cannot be empty. To remove every server, save {"mcpServers": {}}.');
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const r = await call('servers.saveConfigText', { text: rawText });
      setProblems(r.saved ? [] : r.problems);
      // Saved with problems in some entries: the list shows them, the rest keeps running.
      if (r.saved) props.onSaved();
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const title = mode.kind === 'add' ? 'Add an MCP server' : mode.kind === 'edit' ? `Edit ${mode.name}` : 'Edit servers as JSON';

  return (
    <Dialog open title={title} onClose={props.onClose} wide>
      {failure && (
        <div className="banner error" role="alert">
          {failure}
        </div>
      )}
      {mode.kind === 'raw' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void saveRaw();
          }}
        >
          <p className="muted small">
            Claude Desktop format, plus optional <code>disabled</code>, <code>timeoutMs</code>, <code>startTimeoutMs</code>, <code>inheritEnv</code> and{' '}
            <code>maxMessageMiB</code>. Saved to <code>{rawPath}</code>. Secret values show as{' '}
            <code>&lt;hidden: unchanged&gt;</code> and are kept.
          </p>
          <label htmlFor="raw-config" className="sr-only">
            Server file JSON
          </label>
          <textarea id="raw-config" className="code" rows={18} value={rawText} onChange={(e) => setRawText(e.target.value)} spellCheck={false} />
          <ConfigProblems problems={problems}>Not saved — fix these first:</ConfigProblems>
          <div className="toolbar end">
            <button type="button" onClick={props.onClose}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={busy || !rawPath}>
              Save
            </button>
          </div>
        </form>
      ) : (
        <form
          className="form-grid"
          onSubmit={(e) => {
            e.preventDefault();
            void saveForm();
          }}
        >
          <div className="form-row">
            <label htmlFor="srv-name">Name</label>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the Add server dialog starts on its first field (WAI-ARIA dialog pattern) */}
            <input id="srv-name" value={form.name} onChange={set('name')} disabled={mode.kind === 'edit'} placeholder="filesystem" autoFocus />
            {errors.name && <span className="field-error">{errors.name}</span>}
          </div>
          <div className="form-row">
            <span className="label">Where the server runs</span>
            <div className="toolbar">
              <label className="inline">
                <input type="radio" name="srv-kind" checked={form.kind === 'local'} onChange={() => setForm((f) => ({ ...f, kind: 'local' }))} /> On this computer (a program)
              </label>
              <label className="inline">
                <input type="radio" name="srv-kind" checked={form.kind === 'remote'} onChange={() => setForm((f) => ({ ...f, kind: 'remote' }))} /> Remote (a URL)
              </label>
            </div>
          </div>
          {form.kind === 'remote' ? (
            <>
              <div className="form-row">
                <label htmlFor="srv-url">Server URL</label>
                <input id="srv-url" value={form.url} onChange={set('url')} placeholder="https://mcp.example.com/mcp" spellCheck={false} />
                {errors.url && <span className="field-error">{errors.url}</span>}
              </div>
              <div className="form-row">
                <label htmlFor="srv-remote-type">Transport</label>
                <select id="srv-remote-type" value={form.remoteType} onChange={set('remoteType')}>
                  <option value="">Streamable HTTP (falls back to SSE for older servers)</option>
                  <option value="sse">Legacy SSE only</option>
                </select>
              </div>
              <div className="form-row">
                <label htmlFor="srv-headers">Headers (Name: value, one per line, optional)</label>
                <textarea id="srv-headers" rows={2} value={form.headers} onChange={set('headers')} placeholder="Authorization: Bearer …" spellCheck={false} />
                <span className="muted small">
                  Stored in your server file; values are never shown again or logged: a stored one reads <code>&lt;hidden: unchanged&gt;</code> and is kept.
                </span>
                {errors.headers && <span className="field-error">{errors.headers}</span>}
              </div>
              <OAuthFields form={form} setForm={setForm} errors={errors} editing={mode.kind === 'edit'} />
            </>
          ) : (
            <>
          <div className="form-row">
            <label htmlFor="srv-command">Command</label>
            <input id="srv-command" value={form.command} onChange={set('command')} placeholder="npx" spellCheck={false} />
            {errors.command && <span className="field-error">{errors.command}</span>}
          </div>
          <div className="form-row">
            <label htmlFor="srv-args">Arguments (one per line)</label>
            <textarea id="srv-args" rows={4} value={form.args} onChange={set('args')} placeholder={'-y\n@modelcontextprotocol/server-filesystem\n/Users/me/Documents'} spellCheck={false} />
          </div>
          <div className="form-row">
            <label htmlFor="srv-env">Environment (NAME=value, one per line)</label>
            <textarea id="srv-env" rows={3} value={form.env} onChange={set('env')} spellCheck={false} />
            <span className="muted small">
              Values are stored in your server file and never shown again in full. The server does not see the rest of Kalla&apos;s environment: only
              PATH (from your login shell), HOME, USER, SHELL, TERM, LANG, LC_*, TMPDIR and TZ, so exported API keys and cloud credentials stay out.
            </span>
            {errors.env && <span className="field-error">{errors.env}</span>}
          </div>
          <div className="form-row">
            <label htmlFor="srv-inherit">Also pass these variables from Kalla&apos;s environment (names, optional)</label>
            <input id="srv-inherit" value={form.inheritEnv} onChange={set('inheritEnv')} placeholder="AWS_PROFILE KUBECONFIG" spellCheck={false} />
            {errors.inheritEnv && <span className="field-error">{errors.inheritEnv}</span>}
          </div>
            </>
          )}
          <div className="form-row">
            <label htmlFor="srv-roots">Folders this server may see (MCP roots, one per line, optional)</label>
            <textarea id="srv-roots" rows={2} value={form.roots} onChange={set('roots')} placeholder="/Users/me/Documents" spellCheck={false} />
            <span className="muted small">None by default. Changing them tells the running server; it is not restarted.</span>
            {errors.roots && <span className="field-error">{errors.roots}</span>}
          </div>
          {form.kind === 'local' && (
            <div className="form-row">
              <label htmlFor="srv-cwd">Working folder (optional)</label>
              <input id="srv-cwd" value={form.cwd} onChange={set('cwd')} spellCheck={false} />
            </div>
          )}
          <div className="form-row">
            <label htmlFor="srv-timeout">Call timeout in seconds (optional, default 60)</label>
            <input id="srv-timeout" type="number" min={1} max={3600} value={form.timeoutSec} onChange={set('timeoutSec')} />
            {errors.timeoutSec && <span className="field-error">{errors.timeoutSec}</span>}
          </div>
          <div className="form-row">
            <label htmlFor="srv-start-timeout">Start-up timeout in seconds (optional, default 30)</label>
            <input id="srv-start-timeout" type="number" min={1} max={600} value={form.startTimeoutSec} onChange={set('startTimeoutSec')} />
            {errors.startTimeoutSec && <span className="field-error">{errors.startTimeoutSec}</span>}
          </div>
          <div className="toolbar end">
            <button type="button" onClick={props.onClose}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={busy}>
              {mode.kind === 'add' ? 'Add and start' : 'Save and restart'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/**
 * OAuth settings of a remote server, folded away: most servers need none (Kalla registers itself
 * and the user signs in from the server card). Secrets go to the secret store, never to the file.
 */
function OAuthFields(props: { form: FormState; setForm: (f: (prev: FormState) => FormState) => void; errors: Record<string, string>; editing: boolean }) {
  const { form, errors } = props;
  const set = (key: keyof FormState) => (e: { target: { value: string } }) => props.setForm((f) => ({ ...f, [key]: e.target.value }));
  const service = form.oauthGrant === 'client_credentials';
  const open = Boolean(form.oauthGrant || form.oauthClientId || form.oauthScopes || form.oauthMetadataUrl || Object.keys(errors).some((k) => k.startsWith('oauth')));
  const kept = props.editing ? 'leave empty to keep the stored one' : 'optional';
  return (
    <details className="form-details" open={open}>
      <summary>OAuth sign-in (optional)</summary>
      <p className="muted small">
        Without settings here Kalla registers itself with the server&apos;s authorization server and you sign in from the server card. Client secrets and
        private keys are kept encrypted in Kalla&apos;s secret store, not in the server file, and are never shown again.
      </p>
      <div className="form-row">
        <label htmlFor="srv-oauth-grant">How Kalla signs in</label>
        <select id="srv-oauth-grant" value={form.oauthGrant} onChange={set('oauthGrant')}>
          <option value="">As you, in the browser (authorization code with PKCE)</option>
          <option value="client_credentials">As a service account, without a browser (client credentials)</option>
        </select>
      </div>
      <div className="form-row">
        <label htmlFor="srv-oauth-client">Client id ({service ? 'required' : 'if your administrator registered Kalla'})</label>
        <input id="srv-oauth-client" value={form.oauthClientId} onChange={set('oauthClientId')} spellCheck={false} autoComplete="off" />
        {errors.oauthClientId && <span className="field-error">{errors.oauthClientId}</span>}
      </div>
      <div className="form-row">
        <label htmlFor="srv-oauth-secret">Client secret ({kept})</label>
        <input id="srv-oauth-secret" type="password" value={form.oauthSecret} onChange={set('oauthSecret')} autoComplete="new-password" />
      </div>
      {service && (
        <>
          <div className="form-row">
            <label htmlFor="srv-oauth-key">Private key for private_key_jwt, PEM ({kept}; instead of a secret)</label>
            <textarea id="srv-oauth-key" rows={3} value={form.oauthKey} onChange={set('oauthKey')} spellCheck={false} placeholder="-----BEGIN PRIVATE KEY-----" />
            {errors.oauthKey && <span className="field-error">{errors.oauthKey}</span>}
          </div>
          <div className="form-row">
            <label htmlFor="srv-oauth-alg">Key algorithm</label>
            <select id="srv-oauth-alg" value={form.oauthAlg} onChange={set('oauthAlg')}>
              <option value="">RS256 (default)</option>
              {SIGNING_ALGORITHMS.filter((a) => a !== 'RS256').map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </div>
          <div className="form-row">
            <label htmlFor="srv-oauth-issuer">Authorization server (recommended: the credentials are sent only there)</label>
            <input id="srv-oauth-issuer" value={form.oauthIssuer} onChange={set('oauthIssuer')} placeholder="https://login.example.com" spellCheck={false} />
            {errors.oauthIssuer && <span className="field-error">{errors.oauthIssuer}</span>}
          </div>
        </>
      )}
      <div className="form-row">
        <label htmlFor="srv-oauth-scopes">Scopes to ask for (space-separated, optional)</label>
        <input id="srv-oauth-scopes" value={form.oauthScopes} onChange={set('oauthScopes')} spellCheck={false} />
        <span className="muted small">By default Kalla asks for what the server names. If a request later needs more, the server card asks you to sign in again.</span>
      </div>
      {!service && (
        <div className="form-row">
          <label htmlFor="srv-oauth-cimd">Client metadata document URL (optional)</label>
          <input id="srv-oauth-cimd" value={form.oauthMetadataUrl} onChange={set('oauthMetadataUrl')} placeholder="https://example.com/kalla-client.json" spellCheck={false} />
          <span className="muted small">Where your organisation publishes Kalla&apos;s client metadata; used as the client id where the authorization server supports it.</span>
          {errors.oauthMetadataUrl && <span className="field-error">{errors.oauthMetadataUrl}</span>}
        </div>
      )}
    </details>
  );
}

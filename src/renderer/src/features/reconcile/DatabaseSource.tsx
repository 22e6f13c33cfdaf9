import { useEffect, useState } from 'react';
import type { DbConnectionView, DbPreview, DbSource, DbTable } from '../../../../shared/reconcile/database';
import type { Side } from '../../../../shared/reconcile/sources-and-runs';
import { call, errorMessage } from '../../api/client';
import { selectWorkspaceId, useReconcile } from '../../stores/reconcile';
import { RowsTable } from '../../components/RowsTable';

const tableKey = (t: DbTable) => `${t.schema}.${t.name}`;

/**
 * "From database": a PostgreSQL connection (Reconcile's own, or the Lineage workspace's), a table
 * or a SELECT query, a preview of the first rows, then the load into this side. The password is
 * typed here once and never shown again (the main process keeps it in the secret store).
 */
export function DatabaseSource({ side, onClose }: { side: Side; onClose(): void }) {
  const id = useReconcile(selectWorkspaceId)!;
  const { act } = useReconcile.getState();
  const { working, problem, setProblem, attempt } = useAttempt();
  const [tables, setTables] = useState<DbTable[] | null>(null);
  const [mode, setMode] = useState<'table' | 'query'>('table');
  const [table, setTable] = useState('');
  const [sql, setSql] = useState('');
  const [preview, setPreview] = useState<DbPreview | null>(null);
  const showTables = (list: DbTable[]) => {
    setTables(list);
    setTable((t) => (t && list.some((x) => tableKey(x) === t) ? t : list[0] ? tableKey(list[0]) : ''));
  };
  const { conn, editing, setEditing, fields, set, connect } = useConnection(attempt, setProblem, showTables);

  const source = (): DbSource | null => {
    if (mode === 'query') return sql.trim() ? { kind: 'query', sql } : null;
    const t = tables?.find((x) => tableKey(x) === table);
    return t ? { kind: 'table', schema: t.schema, name: t.name } : null;
  };
  const what = mode === 'query' ? 'the query' : table;

  return (
    <section className="db-form" aria-label={`Database source for the ${side} side`}>
      {conn && !editing ? (
        <ConnectionSummary conn={conn} onChange={() => setEditing(true)} />
      ) : (
        <ConnectionForm fields={fields} set={set} passwordStored={conn?.passwordStored ?? false} canKeep={Boolean(conn)} busy={working !== null} onKeep={() => setEditing(false)} onConnect={connect} />
      )}

      {conn && !editing && tables && (
        <SourcePicker
          side={side}
          connection={conn.label}
          tables={tables}
          choice={{ mode, table, sql }}
          onChoice={(next) => {
            if (next.mode !== undefined) setMode(next.mode);
            if (next.table !== undefined) setTable(next.table);
            if (next.sql !== undefined) setSql(next.sql);
            setPreview(null);
          }}
          canRead={source() !== null && working === null}
          onPreview={() => {
            const s = source();
            if (s) void attempt('Reading the first rows…', async () => setPreview(await call('reconcile.dbPreview', { source: s })));
          }}
          onLoad={() => {
            const s = source();
            if (!s) return;
            onClose();
            void act(side, `Reading ${what} from the database…`, 'reconcile.addSourceFromDatabase', { id, side, source: s });
          }}
        />
      )}

      <AttemptStatus working={working} problem={problem} />
      {preview && (
        <div className="preview" style={{ overflowX: 'auto' }}>
          <RowsTable
            className="grid-table"
            label={`First rows of ${what}`}
            caption={<caption className="muted small">The first {preview.rows.length} rows; loading copies every row into this workspace (a snapshot: load again for newer rows).</caption>}
            columns={preview.columns.map((c) => ({ name: c.name, title: c.type }))}
            rows={preview.rows}
          />
        </div>
      )}
      <div className="toolbar">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}

interface ConnectionFields {
  url: string;
  user: string;
  password: string;
}

/** The connection string, user and password; the password is never shown again once stored. */
function ConnectionForm(props: {
  fields: ConnectionFields;
  set: { [K in keyof ConnectionFields]: (value: string) => void };
  passwordStored: boolean;
  canKeep: boolean;
  busy: boolean;
  onKeep(): void;
  onConnect(): void;
}) {
  const { url, user, password } = props.fields;
  return (
    <form
      className="db-connect"
      aria-label="Database connection"
      onSubmit={(e) => {
        e.preventDefault();
        props.onConnect();
      }}
    >
      <label>
        Connection
        <input aria-label="Connection string" placeholder="jdbc:postgresql://host:5432/database" value={url} onChange={(e) => props.set.url(e.target.value)} spellCheck={false} />
      </label>
      <label>
        User
        <input aria-label="Database user" value={user} onChange={(e) => props.set.user(e.target.value)} autoComplete="username" />
      </label>
      <label>
        Password
        <input
          aria-label="Database password"
          type="password"
          value={password}
          placeholder={props.passwordStored ? 'stored (leave empty to keep)' : ''}
          onChange={(e) => props.set.password(e.target.value)}
          autoComplete="current-password"
        />
      </label>
      <div className="toolbar">
        <button type="submit" className="primary" disabled={!url.trim() || props.busy}>
          Connect
        </button>
        {props.canKeep && (
          <button type="button" onClick={props.onKeep}>
            Keep the current connection
          </button>
        )}
      </div>
    </form>
  );
}

interface SourceChoice {
  mode: 'table' | 'query';
  table: string;
  sql: string;
}

/** A table of the connection or a SELECT query, then Preview or Load. */
function SourcePicker(props: {
  side: Side;
  connection: string;
  tables: DbTable[];
  choice: SourceChoice;
  onChoice(next: Partial<SourceChoice>): void;
  canRead: boolean;
  onPreview(): void;
  onLoad(): void;
}) {
  const { side, tables } = props;
  const { mode, table, sql } = props.choice;
  return (
    <div className="db-pick">
      <div role="radiogroup" aria-label="Read from" className="toolbar">
        <label>
          <input type="radio" name={`db-mode-${side}`} checked={mode === 'table'} onChange={() => props.onChoice({ mode: 'table' })} /> A table
        </label>
        <label>
          <input type="radio" name={`db-mode-${side}`} checked={mode === 'query'} onChange={() => props.onChoice({ mode: 'query' })} /> A SELECT query
        </label>
      </div>
      {mode === 'table' ? (
        tables.length === 0 ? (
          <p className="muted small">This user sees no tables in {props.connection}; write a query instead.</p>
        ) : (
          <select aria-label="Table" value={table} onChange={(e) => props.onChoice({ table: e.target.value })}>
            {tables.map((t) => (
              <option key={tableKey(t)} value={tableKey(t)}>
                {tableKey(t)}
                {t.kind === 'view' ? ' (view)' : ''}
              </option>
            ))}
          </select>
        )
      ) : (
        <textarea aria-label="SELECT query" rows={4} spellCheck={false} placeholder="SELECT reference, booked, amount FROM finance.bank_lines WHERE booked >= DATE '2026-10-01'" value={sql} onChange={(e) => props.onChoice({ sql: e.target.value })} />
      )}
      <div className="toolbar">
        <button type="button" disabled={!props.canRead} onClick={props.onPreview}>
          Preview
        </button>
        <button type="button" className="primary" disabled={!props.canRead} onClick={props.onLoad}>
          Load into the {side} side
        </button>
      </div>
    </div>
  );
}

type Attempt = <T>(label: string, body: () => Promise<T>) => Promise<T | undefined>;

/** One request at a time: what it is doing while it runs, and its problem as a sentence if it fails. */
function useAttempt() {
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const attempt: Attempt = async (label, body) => {
    setWorking(label);
    setProblem(null);
    try {
      return await body();
    } catch (e) {
      setProblem(errorMessage(e));
      return undefined;
    } finally {
      setWorking(null);
    }
  };
  return { working, problem, setProblem, attempt };
}

/** The saved connection (Reconcile's or Lineage's), the form that changes it, and its tables once connected. */
function useConnection(attempt: Attempt, setProblem: (problem: string) => void, showTables: (list: DbTable[]) => void) {
  const [conn, setConn] = useState<DbConnectionView | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [url, setUrl] = useState('');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => {
    let live = true;
    call('reconcile.dbConnection', {}).then(
      (c) => {
        if (!live) return;
        setConn(c);
        if (!c) return setEditing(true);
        setUrl(c.url);
        setUser(c.user ?? '');
        void attempt('Listing tables…', async () => showTables((await call('reconcile.dbTables', {})).tables));
      },
      (e) => live && setProblem(errorMessage(e)),
    );
    return () => {
      live = false;
    };
    // Once, when the form opens.
  }, []);

  const connect = () =>
    void attempt('Connecting…', async () => {
      const r = await call('reconcile.dbConnect', { url, ...(user.trim() ? { user } : {}), ...(password ? { password } : {}) });
      setConn(r.connection);
      setPassword('');
      setEditing(false);
      showTables(r.tables);
    });
  return { conn, editing, setEditing, fields: { url, user, password }, set: { url: setUrl, user: setUser, password: setPassword }, connect };
}

/** The connection in use, with the way to change it. */
function ConnectionSummary({ conn, onChange }: { conn: DbConnectionView; onChange(): void }) {
  return (
    <p className="small">
      PostgreSQL <strong>{conn.label}</strong>
      {conn.user ? ` as ${conn.user}` : ''} · {conn.from === 'lineage' ? 'the Lineage workspace’s connection' : 'saved in Reconcile'}
      {conn.passwordStored ? ' · password stored' : ''}{' '}
      <button type="button" className="link-button" onClick={onChange}>
        Change connection
      </button>
    </p>
  );
}

function AttemptStatus({ working, problem }: { working: string | null; problem: string | null }) {
  return (
    <>
      {working && (
        <p className="muted small" role="status">
          {working}
        </p>
      )}
      {problem && (
        <p className="warn-text small" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

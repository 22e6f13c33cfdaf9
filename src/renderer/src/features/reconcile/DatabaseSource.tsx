import { useEffect, useState } from 'react';
import type { DbConnectionView, DbPreview, DbSource, DbTable } from '../../../../shared/reconcile/database';
import type { Side } from '../../../../shared/reconcile/sources-and-runs';
import { call, errorMessage } from '../../api/client';
import { selectWorkspaceId, useReconcile } from '../../stores/reconcile';

const tableKey = (t: DbTable) => `${t.schema}.${t.name}`;

/**
 * "From database": a PostgreSQL connection (Reconcile's own, or the Lineage workspace's), a table
 * or a SELECT query, a preview of the first rows, then the load into this side. The password is
 * typed here once and never shown again (the main process keeps it in the secret store).
 */
export function DatabaseSource({ side, onClose }: { side: Side; onClose(): void }) {
  const id = useReconcile(selectWorkspaceId)!;
  const { act } = useReconcile.getState();
  const [conn, setConn] = useState<DbConnectionView | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [url, setUrl] = useState('');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [tables, setTables] = useState<DbTable[] | null>(null);
  const [mode, setMode] = useState<'table' | 'query'>('table');
  const [table, setTable] = useState('');
  const [sql, setSql] = useState('');
  const [preview, setPreview] = useState<DbPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);

  const attempt = async <T,>(label: string, body: () => Promise<T>): Promise<T | undefined> => {
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
  const showTables = (list: DbTable[]) => {
    setTables(list);
    setTable((t) => (t && list.some((x) => tableKey(x) === t) ? t : list[0] ? tableKey(list[0]) : ''));
  };

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

  const source = (): DbSource | null => {
    if (mode === 'query') return sql.trim() ? { kind: 'query', sql } : null;
    const t = tables?.find((x) => tableKey(x) === table);
    return t ? { kind: 'table', schema: t.schema, name: t.name } : null;
  };
  const what = mode === 'query' ? 'the query' : table;

  return (
    <section className="db-form" aria-label={`Database source for the ${side} side`}>
      {conn && !editing ? (
        <p className="small">
          PostgreSQL <strong>{conn.label}</strong>
          {conn.user ? ` as ${conn.user}` : ''} · {conn.from === 'lineage' ? 'the Lineage workspace’s connection' : 'saved in Reconcile'}
          {conn.passwordStored ? ' · password stored' : ''}{' '}
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Change connection
          </button>
        </p>
      ) : (
        <form
          className="db-connect"
          aria-label="Database connection"
          onSubmit={(e) => {
            e.preventDefault();
            void attempt('Connecting…', async () => {
              const r = await call('reconcile.dbConnect', { url, ...(user.trim() ? { user } : {}), ...(password ? { password } : {}) });
              setConn(r.connection);
              setPassword('');
              setEditing(false);
              showTables(r.tables);
            });
          }}
        >
          <label>
            Connection
            <input aria-label="Connection string" placeholder="jdbc:postgresql://host:5432/database" value={url} onChange={(e) => setUrl(e.target.value)} spellCheck={false} />
          </label>
          <label>
            User
            <input aria-label="Database user" value={user} onChange={(e) => setUser(e.target.value)} autoComplete="username" />
          </label>
          <label>
            Password
            <input
              aria-label="Database password"
              type="password"
              value={password}
              placeholder={conn?.passwordStored ? 'stored (leave empty to keep)' : ''}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
            />
          </label>
          <div className="toolbar">
            <button type="submit" className="primary" disabled={!url.trim() || working !== null}>
              Connect
            </button>
            {conn && (
              <button type="button" onClick={() => setEditing(false)}>
                Keep the current connection
              </button>
            )}
          </div>
        </form>
      )}

      {conn && !editing && tables && (
        <div className="db-pick">
          <div role="radiogroup" aria-label="Read from" className="toolbar">
            <label>
              <input type="radio" name={`db-mode-${side}`} checked={mode === 'table'} onChange={() => (setMode('table'), setPreview(null))} /> A table
            </label>
            <label>
              <input type="radio" name={`db-mode-${side}`} checked={mode === 'query'} onChange={() => (setMode('query'), setPreview(null))} /> A SELECT query
            </label>
          </div>
          {mode === 'table' ? (
            tables.length === 0 ? (
              <p className="muted small">This user sees no tables in {conn.label}; write a query instead.</p>
            ) : (
              <select aria-label="Table" value={table} onChange={(e) => (setTable(e.target.value), setPreview(null))}>
                {tables.map((t) => (
                  <option key={tableKey(t)} value={tableKey(t)}>
                    {tableKey(t)}
                    {t.kind === 'view' ? ' (view)' : ''}
                  </option>
                ))}
              </select>
            )
          ) : (
            <textarea aria-label="SELECT query" rows={4} spellCheck={false} placeholder="SELECT reference, booked, amount FROM finance.bank_lines WHERE booked >= DATE '2026-10-01'" value={sql} onChange={(e) => (setSql(e.target.value), setPreview(null))} />
          )}
          <div className="toolbar">
            <button
              type="button"
              disabled={!source() || working !== null}
              onClick={() => {
                const s = source();
                if (s) void attempt('Reading the first rows…', async () => setPreview(await call('reconcile.dbPreview', { source: s })));
              }}
            >
              Preview
            </button>
            <button
              type="button"
              className="primary"
              disabled={!source() || working !== null}
              onClick={() => {
                const s = source();
                if (!s) return;
                onClose();
                void act(side, `Reading ${what} from the database…`, 'reconcile.addSourceFromDatabase', { id, side, source: s });
              }}
            >
              Load into the {side} side
            </button>
          </div>
        </div>
      )}

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
      {preview && (
        <div className="preview" style={{ overflowX: 'auto' }}>
          <table className="grid-table" aria-label={`First rows of ${what}`}>
            <caption className="muted small">
              The first {preview.rows.length} rows; loading copies every row into this workspace (a snapshot: load again for newer rows).
            </caption>
            <thead>
              <tr>
                {preview.columns.map((c) => (
                  <th key={c.name} scope="col" title={c.type}>
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((r, i) => (
                <tr key={i}>
                  {r.map((v, j) => (
                    <td key={j}>{v ?? ''}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
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

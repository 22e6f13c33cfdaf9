import { useApp } from '../stores/app';
import { Dialog } from './Dialog';

export function AboutDialog() {
  const { aboutOpen, setAboutOpen, info } = useApp();
  return (
    <Dialog open={aboutOpen} title="About Kalla Desktop" onClose={() => setAboutOpen(false)}>
      <p className="lead">Reconcile sources, explore view lineage, and run MCP servers — offline first.</p>
      {info ? (
        <dl className="kv">
          <dt>Version</dt>
          <dd>{info.version}</dd>
          <dt>Mode</dt>
          <dd>{info.mode === 'electron' ? 'Desktop app' : 'Browser mode'}</dd>
          <dt>Platform</dt>
          <dd>{info.platform}</dd>
          {Object.entries(info.versions).map(([k, v]) => (
            <div key={k} className="kv-row">
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
          <dt>Data folder</dt>
          <dd>
            <code>{info.dataDir}</code>
          </dd>
          <dt>Logs</dt>
          <dd>
            <code>{info.logsDir}</code>
          </dd>
        </dl>
      ) : (
        <p className="muted">Connecting…</p>
      )}
    </Dialog>
  );
}

import { MOD_LABEL_TEXT } from './shortcuts';
import { useApp, VIEWS } from '../stores/app';
import { Dialog } from './Dialog';

export function AboutDialog() {
  const { aboutOpen, setAboutOpen, info } = useApp();
  return (
    <Dialog open={aboutOpen} title="About Kalla Desktop" onClose={() => setAboutOpen(false)}>
      <p className="lead">Reconcile sources, explore view lineage, and run MCP servers — offline first.</p>
      <h3 id="shortcuts-heading">Keyboard shortcuts</h3>
      <table className="shortcuts" aria-labelledby="shortcuts-heading">
        <tbody>
          {VIEWS.map((v) => (
            <tr key={v.id}>
              <td>
                <kbd>{MOD_LABEL_TEXT}+{v.key}</kbd> or <kbd>Alt+{v.key}</kbd>
              </td>
              <td>{v.label}</td>
            </tr>
          ))}
          <tr>
            <td>
              <kbd>{MOD_LABEL_TEXT}+J</kbd>
            </td>
            <td>Show or hide the Assistant panel</td>
          </tr>
          <tr>
            <td>
              <kbd>F1</kbd> or <kbd>?</kbd>
            </td>
            <td>This help</td>
          </tr>
          <tr>
            <td>
              <kbd>←</kbd> <kbd>→</kbd> / <kbd>↑</kbd> <kbd>↓</kbd>, <kbd>Home</kbd>, <kbd>End</kbd>
            </td>
            <td>Move between tabs and between items of a list (servers, tools)</td>
          </tr>
          <tr>
            <td>
              <kbd>Tab</kbd> on load
            </td>
            <td>“Skip to workspace” link</td>
          </tr>
        </tbody>
      </table>
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

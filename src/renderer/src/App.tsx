import { useEffect } from 'react';
import { AboutDialog } from './components/AboutDialog';
import { ComingNext } from './features/placeholder/ComingNext';
import { LineageView } from './features/lineage/LineageView';
import { ReconcileView } from './features/reconcile/ReconcileView';
import { ServersView } from './features/servers/ServersView';
import { SettingsView } from './features/settings/SettingsView';
import { useApp, VIEWS, type ViewId } from './stores/app';

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);
export const MOD_LABEL = isMac ? '⌘' : 'Ctrl';

/** Mod+1…5 (desktop convention) and Alt+1…5 (browsers may keep Mod+digit for their tabs). */
function viewForShortcut(e: KeyboardEvent): ViewId | undefined {
  const mod = isMac ? e.metaKey : e.ctrlKey;
  if (!(mod || e.altKey) || e.shiftKey) return undefined;
  return VIEWS.find((v) => v.key === e.key)?.id;
}

export function App() {
  const { view, setView, connection, init, setAboutOpen } = useApp();
  useEffect(() => init(), [init]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = viewForShortcut(e);
      if (target) {
        e.preventDefault();
        setView(target);
      } else if (e.key === 'F1') {
        e.preventDefault();
        setAboutOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setView, setAboutOpen]);

  return (
    <div className="shell">
      <nav className="sidebar" aria-label="Workspaces">
        <div className="brand">
          <span className="brand-mark" aria-hidden>
            K
          </span>
          <span>Kalla</span>
        </div>
        <ul role="tablist" aria-orientation="vertical">
          {VIEWS.map((v) => (
            <li key={v.id}>
              <button
                role="tab"
                aria-selected={view === v.id}
                aria-controls="workspace"
                className={view === v.id ? 'nav-item active' : 'nav-item'}
                onClick={() => setView(v.id)}
                title={`${v.label} (${MOD_LABEL}+${v.key})`}
              >
                <span>{v.label}</span>
                <kbd>
                  {MOD_LABEL}+{v.key}
                </kbd>
              </button>
            </li>
          ))}
        </ul>
        <div className="sidebar-footer">
          <button className="link-button" onClick={() => setAboutOpen(true)}>
            About Kalla
          </button>
        </div>
      </nav>
      <main id="workspace" className="workspace" role="tabpanel" aria-label={VIEWS.find((v) => v.id === view)?.label}>
        {connection === 'lost' && (
          <div className="banner error" role="alert">
            Lost the connection to Kalla. Reconnecting… (is <code>kalla web</code> still running?)
          </div>
        )}
        {view === 'servers' ? <ServersView /> : view === 'settings' ? <SettingsView /> : view === 'lineage' ? <LineageView /> : view === 'reconcile' ? <ReconcileView /> : <ComingNext view={view} />}
      </main>
      <AboutDialog />
    </div>
  );
}

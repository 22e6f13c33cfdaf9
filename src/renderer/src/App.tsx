import { useEffect } from 'react';
import { AboutDialog } from './components/AboutDialog';
import { AssistantPanel, AssistantToggle } from './features/assistant/AssistantPanel';
import { AssistantView } from './features/assistant/AssistantView';
import { ComingNext } from './features/placeholder/ComingNext';
import { LineageView } from './features/lineage/LineageView';
import { ReconcileView } from './features/reconcile/ReconcileView';
import { ServersView } from './features/servers/ServersView';
import { SettingsView } from './features/settings/SettingsView';
import { useApp, VIEWS, type ViewId } from './stores/app';
import { useAssistant } from './stores/assistant';

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
  useEffect(() => useAssistant.getState().init(), []);
  const assistantPanel = useAssistant((s) => s.panelOpen) && view !== 'assistant';
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = viewForShortcut(e);
      if (target) {
        e.preventDefault();
        setView(target);
      } else if ((isMac ? e.metaKey : e.ctrlKey) && e.key.toLowerCase() === 'j') {
        e.preventDefault();
        const a = useAssistant.getState();
        a.setPanelOpen(!a.panelOpen);
      } else if (e.key === 'F1') {
        e.preventDefault();
        setAboutOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setView, setAboutOpen]);

  return (
    <div className={assistantPanel ? 'shell with-assistant' : 'shell'}>
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
          <AssistantToggle />
          <button className="link-button" onClick={() => setAboutOpen(true)}>
            About Kalla
          </button>
        </div>
      </nav>
      <main id="workspace" className="workspace" role="tabpanel" aria-label={VIEWS.find((v) => v.id === view)?.label}>
        {connection === 'lost' && (
          <div className="banner error" role="alert">
            Lost the connection to Kalla. Reconnecting… (is <code>kalla web</code> still running? If it was
            restarted, open the new URL it printed.)
          </div>
        )}
        {connection === 'unauthorised' && (
          <div className="banner error" role="alert">
            This tab has no access to Kalla. Open the URL printed by <code>kalla web</code> (it carries a one-launch
            access key).
          </div>
        )}
        {view === 'servers' ? <ServersView /> : view === 'settings' ? <SettingsView /> : view === 'lineage' ? <LineageView /> : view === 'reconcile' ? <ReconcileView /> : view === 'assistant' ? <AssistantView /> : <ComingNext view={view} />}
      </main>
      {assistantPanel && <AssistantPanel view={view} />}
      <AboutDialog />
    </div>
  );
}

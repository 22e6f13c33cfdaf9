import { ClientRequestDialog } from './features/servers/ClientRequestDialog';
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

/** "?" is a character when typed into a field; it opens help only elsewhere. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/** Skip links move focus, not just the scroll position, so the next Tab continues inside the target. */
const skipTo = (id: string) => (e: { preventDefault(): void }) => {
  e.preventDefault();
  document.getElementById(id)?.focus();
};

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
      } else if (e.key === 'F1' || (e.key === '?' && !isTyping(e.target))) {
        e.preventDefault();
        setAboutOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setView, setAboutOpen]);

  return (
    <div className={assistantPanel ? 'shell with-assistant' : 'shell'}>
      <a className="skip-link" href="#workspace" onClick={skipTo('workspace')}>
        Skip to workspace
      </a>
      <nav className="sidebar" aria-label="Workspaces">
        <div className="brand">
          <span className="brand-mark" aria-hidden>
            K
          </span>
          <span>Kalla</span>
        </div>
        {/* Navigation, not tabs: each entry swaps the whole workspace, so Tab walks the list and aria-current marks where you are. */}
        <ul>
          {VIEWS.map((v) => (
            <li key={v.id}>
              <button
                aria-current={view === v.id ? 'page' : undefined}
                aria-keyshortcuts={`${isMac ? 'Meta' : 'Control'}+${v.key} Alt+${v.key}`}
                className={view === v.id ? 'nav-item active' : 'nav-item'}
                onClick={() => setView(v.id)}
                title={`${v.label} (${MOD_LABEL}+${v.key})`}
              >
                <span>{v.label}</span>
                <kbd aria-hidden>
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
      <main id="workspace" className="workspace" tabIndex={-1} aria-label={VIEWS.find((v) => v.id === view)?.label}>
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
      <ClientRequestDialog />
    </div>
  );
}

import { useEffect, useState } from 'react';
import { PROVIDER_IDS, type ProviderId } from '../../../../shared/assistant';
import { RETIRING_MODELS, type KeyState, type SettingsPatch, type SettingsView as View } from '../../../../shared/settings';
import type { ConnectionTest } from '../../../../shared/contract/assistant';
import { call, errorMessage, onEvent } from '../../api/client';
import { AppearanceSection } from './AppearanceSection';

const PROVIDER_LABEL: Record<ProviderId, string> = {
  anthropic: 'Anthropic (Claude)',
  openai: 'OpenAI-compatible (OpenAI, Ollama, LM Studio, vLLM)',
  gemini: 'Google Gemini',
};

const KEY_LABEL: Record<KeyState, string> = {
  stored: 'Key set',
  environment: 'Key from environment',
  not_set: 'No key',
  locked: 'Key stored by the desktop app (locked in browser mode)',
};

export function SettingsView() {
  const { view, error, saved, setSaved, keyDraft, setKeyDraft, tests, update, setKey, clearKey, testConnection } = useSettings();
  if (!view) return <p className="muted pad">{error ?? 'Loading settings…'}</p>;
  const s = view.settings;
  return (
    <div className="settings">
      <header className="pane-header">
        <h1>Settings</h1>
      </header>
      {error && (
        <div className="banner error" role="alert">
          {error}
        </div>
      )}
      {saved && (
        <div className="banner" role="status">
          {saved}.
          <button className="icon-button" aria-label="Dismiss" onClick={() => setSaved(undefined)}>
            ×
          </button>
        </div>
      )}
      <AppearanceSection />
      <section className="settings-section" aria-labelledby="ai-heading">
        <h2 id="ai-heading">AI provider</h2>
        <p className="muted">Every AI feature also has an offline engine. Without a provider Kalla works fully on this machine; with one, answers say which engine produced them.</p>
        <div className="form-row">
          <label htmlFor="provider">Provider for the Assistant</label>
          <select id="provider" value={s.provider} onChange={(e) => void update({ provider: e.target.value as ProviderId | 'none' }, 'Provider saved')}>
            <option value="none">None — offline only</option>
            {PROVIDER_IDS.map((p) => (
              <option key={p} value={p}>
                {PROVIDER_LABEL[p]}
              </option>
            ))}
          </select>
        </div>
        <p className="muted small">{view.secretStorageNote}</p>
        {PROVIDER_IDS.map((p) => (
          <ProviderCard
            key={p}
            provider={p}
            view={view}
            keyDraft={keyDraft[p] ?? ''}
            onKeyDraft={(text) => setKeyDraft((d) => ({ ...d, [p]: text }))}
            test={tests[p]}
            update={update}
            onSaveKey={() => void setKey(p)}
            onClearKey={() => void clearKey(p)}
            onTest={() => void testConnection(p)}
          />
        ))}
      </section>
      <EngineSection settings={s} update={update} />
    </div>
  );
}

type Update = (patch: SettingsPatch, what: string) => Promise<void>;

interface ProviderCardProps {
  provider: ProviderId;
  view: View;
  keyDraft: string;
  onKeyDraft: (text: string) => void;
  test: ConnectionTest | 'testing' | undefined;
  update: Update;
  onSaveKey: () => void;
  onClearKey: () => void;
  onTest: () => void;
}

/** One provider: model, base URL, key and a connection test. */
function ProviderCard({ provider: p, view, keyDraft, onKeyDraft, test, update, onSaveKey, onClearKey, onTest }: ProviderCardProps) {
  const cfg = view.settings.providers[p];
  return (
    <fieldset className="provider-card">
      <legend>{PROVIDER_LABEL[p]}</legend>
      <div className="provider-grid">
        <div className="form-row">
          <label htmlFor={`${p}-model`}>Model</label>
          <input
            id={`${p}-model`}
            // Remounted when the model changes elsewhere (the "Use …" button below).
            key={cfg.model}
            defaultValue={cfg.model}
            aria-describedby={RETIRING_MODELS[cfg.model] ? `${p}-model-retiring` : undefined}
            onBlur={(e) => e.target.value !== cfg.model && void update({ providers: { [p]: { model: e.target.value } } }, 'Model saved')}
          />
          {RETIRING_MODELS[cfg.model] && (
            <span id={`${p}-model-retiring`} className="field-warning">
              {cfg.model} reaches end-of-life on {RETIRING_MODELS[cfg.model].endOfLife}; after that its requests fail.{' '}
              <button type="button" className="link-button" onClick={() => void update({ providers: { [p]: { model: RETIRING_MODELS[cfg.model].successor } } }, 'Model saved')}>
                Use {RETIRING_MODELS[cfg.model].successor}
              </button>
            </span>
          )}
        </div>
        <div className="form-row">
          <label htmlFor={`${p}-url`}>Base URL (optional)</label>
          <input
            id={`${p}-url`}
            placeholder="the provider's own endpoint"
            defaultValue={cfg.baseUrl}
            onBlur={(e) => e.target.value !== cfg.baseUrl && void update({ providers: { [p]: { baseUrl: e.target.value.trim() } } }, 'Base URL saved')}
          />
        </div>
      </div>
      <div className="key-row">
        <span className={`pill ${view.keys[p] === 'not_set' ? 'status-stopped' : 'status-running'}`} data-testid={`${p}-key-state`}>
          <span className="dot" aria-hidden />
          {KEY_LABEL[view.keys[p]]}
        </span>
        <label htmlFor={`${p}-key`} className="sr-only">
          {PROVIDER_LABEL[p]} API key
        </label>
        <input
          id={`${p}-key`}
          type="password"
          autoComplete="off"
          placeholder={view.keys[p] === 'stored' ? 'Paste a new key to replace it' : 'Paste an API key'}
          value={keyDraft}
          onChange={(e) => onKeyDraft(e.target.value)}
        />
        <button onClick={onSaveKey} disabled={!keyDraft}>
          Save key
        </button>
        {view.keys[p] === 'stored' && (
          <button className="danger" onClick={onClearKey}>
            Remove key
          </button>
        )}
        <button onClick={onTest} disabled={test === 'testing'}>
          {test === 'testing' ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      {test && test !== 'testing' && (
        <p className={test.ok ? 'connection-test ok' : 'connection-test error'} role="status" data-testid={`${p}-connection-test`}>
          {test.ok ? '✓ ' : '✗ '}
          {test.message}
        </p>
      )}
    </fieldset>
  );
}

/** The local/LLM engine choice and what may be sent to a provider. */
function EngineSection({ settings: s, update }: { settings: View['settings']; update: Update }) {
  return (
    <section className="settings-section" aria-labelledby="engine-heading">
      <h2 id="engine-heading">AI tools and privacy</h2>
      <div className="form-row">
        <label htmlFor="engine-mode">Engine for mappings, filters and match rules</label>
        <select id="engine-mode" value={s.engineMode} onChange={(e) => void update({ engineMode: e.target.value as 'auto' | 'llm' | 'local' }, 'Engine saved')}>
          <option value="auto">Auto — the LLM when a key is set, offline otherwise or if it fails</option>
          <option value="local">Local only — nothing leaves this machine</option>
          <option value="llm">LLM only</option>
        </select>
      </div>
      <div className="form-row narrow">
        <label htmlFor="sample-rows">Sample rows per source that may be sent to the provider</label>
        <input id="sample-rows" type="number" min={0} max={50} defaultValue={s.sampleRows} onBlur={(e) => void update({ sampleRows: Number(e.target.value) }, 'Sample rows saved')} />
        <span className="muted small">0 sends column names and types only.</span>
      </div>
      <div className="form-row narrow">
        <label htmlFor="llm-timeout">LLM request timeout (seconds)</label>
        <input
          id="llm-timeout"
          type="number"
          min={1}
          max={600}
          defaultValue={s.llmTimeoutMs / 1000}
          onBlur={(e) => void update({ llmTimeoutMs: Math.round(Number(e.target.value) * 1000) }, 'Timeout saved')}
        />
      </div>
    </section>
  );
}

/** The settings as the main process holds them, and the actions that change them. */
function useSettings() {
  const [view, setView] = useState<View | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | undefined>();
  const [keyDraft, setKeyDraft] = useState<Record<string, string>>({});
  const [tests, setTests] = useState<Partial<Record<ProviderId, ConnectionTest | 'testing'>>>({});

  useEffect(() => {
    void call('settings.get', {})
      .then(setView)
      .catch((e) => setError(errorMessage(e)));
    return onEvent('settings.changed', setView);
  }, []);

  const update = async (patch: SettingsPatch, what: string) => {
    setError(undefined);
    try {
      setView(await call('settings.update', patch));
      setSaved(what);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const setKey = async (provider: ProviderId) => {
    setError(undefined);
    try {
      setView(await call('settings.setApiKey', { provider, key: keyDraft[provider] ?? '' }));
      setKeyDraft((d) => ({ ...d, [provider]: '' }));
      setSaved(`${PROVIDER_LABEL[provider]} key saved`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const clearKey = async (provider: ProviderId) => {
    try {
      setView(await call('settings.clearApiKey', { provider }));
      setSaved(`${PROVIDER_LABEL[provider]} key removed`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const testConnection = async (provider: ProviderId) => {
    setTests((t) => ({ ...t, [provider]: 'testing' }));
    try {
      const result = await call('assistant.testConnection', { provider });
      setTests((t) => ({ ...t, [provider]: result }));
    } catch (e) {
      setTests((t) => ({ ...t, [provider]: { ok: false, provider, model: '', ms: 0, message: errorMessage(e) } }));
    }
  };
  return { view, error, saved, setSaved, keyDraft, setKeyDraft, tests, update, setKey, clearKey, testConnection };
}

import { create } from 'zustand';

/**
 * Display preferences of this machine's app window: theme, display locale and the
 * last workspace shown. They live in the renderer's localStorage, not in the
 * settings file: they describe this window, carry no secrets, and must apply
 * before the first paint (no round trip to main).
 */
export type Theme = 'system' | 'light' | 'dark';
const KEY = 'kalla.display';

interface Stored {
  theme: Theme;
  /** A BCP 47 tag, or '' for the OS locale. */
  locale: string;
  lastView?: string;
  /** Side panels the user folded away (`lineage.side`, `lineage.ask`): true = collapsed. */
  panels?: Record<string, boolean>;
}

function load(): Stored {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Stored>;
    return {
      theme: raw.theme === 'light' || raw.theme === 'dark' ? raw.theme : 'system',
      locale: typeof raw.locale === 'string' && isLocale(raw.locale) ? raw.locale : '',
      lastView: typeof raw.lastView === 'string' ? raw.lastView : undefined,
      panels: typeof raw.panels === 'object' && raw.panels !== null ? Object.fromEntries(Object.entries(raw.panels).filter(([, v]) => typeof v === 'boolean')) : {},
    };
  } catch {
    return { theme: 'system', locale: '' };
  }
}

export function isLocale(tag: string): boolean {
  if (tag === '') return true;
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false;
  }
}

function applyTheme(theme: Theme) {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

interface DisplayState extends Stored {
  setTheme(theme: Theme): void;
  setLocale(locale: string): void;
  rememberView(view: string): void;
  setPanelCollapsed(panel: string, collapsed: boolean): void;
}

/**
 * Whether a side panel is folded: the user's choice, else folded when the window is narrower
 * than `foldBelow` px (at 1024 px the Lineage diagram would otherwise get a quarter of the width).
 */
export function usePanelCollapsed(panel: string, foldBelow = 0): boolean {
  const chosen = useDisplay((s) => s.panels?.[panel]);
  return chosen ?? (typeof window !== 'undefined' && window.innerWidth < foldBelow);
}

export const useDisplay = create<DisplayState>((set, get) => {
  const initial = load();
  applyTheme(initial.theme);
  const save = (patch: Partial<Stored>) => {
    set(patch);
    const { theme, locale, lastView, panels } = get();
    localStorage.setItem(KEY, JSON.stringify({ theme, locale, lastView, panels }));
  };
  return {
    ...initial,
    setTheme: (theme) => {
      applyTheme(theme);
      save({ theme });
    },
    setLocale: (locale) => save({ locale: isLocale(locale) ? locale : '' }),
    rememberView: (lastView) => save({ lastView }),
    setPanelCollapsed: (panel, collapsed) => save({ panels: { ...get().panels, [panel]: collapsed } }),
  };
});

/** The display locale: the setting, else the OS (navigator) locale. */
export const displayLocale = (): string | undefined => useDisplay.getState().locale || undefined;

export const formatNumber = (n: number, options?: Intl.NumberFormatOptions) => n.toLocaleString(displayLocale(), options);
export const formatDateTime = (d: Date | string | number, options?: Intl.DateTimeFormatOptions) => new Date(d).toLocaleString(displayLocale(), options);
export const formatTime = (d: Date | string | number) => new Date(d).toLocaleTimeString(displayLocale());

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
}

function load(): Stored {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Stored>;
    return {
      theme: raw.theme === 'light' || raw.theme === 'dark' ? raw.theme : 'system',
      locale: typeof raw.locale === 'string' && isLocale(raw.locale) ? raw.locale : '',
      lastView: typeof raw.lastView === 'string' ? raw.lastView : undefined,
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
}

export const useDisplay = create<DisplayState>((set, get) => {
  const initial = load();
  applyTheme(initial.theme);
  const save = (patch: Partial<Stored>) => {
    set(patch);
    const { theme, locale, lastView } = get();
    localStorage.setItem(KEY, JSON.stringify({ theme, locale, lastView }));
  };
  return {
    ...initial,
    setTheme: (theme) => {
      applyTheme(theme);
      save({ theme });
    },
    setLocale: (locale) => save({ locale: isLocale(locale) ? locale : '' }),
    rememberView: (lastView) => save({ lastView }),
  };
});

/** The display locale: the setting, else the OS (navigator) locale. */
export const displayLocale = (): string | undefined => useDisplay.getState().locale || undefined;

export const formatNumber = (n: number, options?: Intl.NumberFormatOptions) => n.toLocaleString(displayLocale(), options);
export const formatDateTime = (d: Date | string | number, options?: Intl.DateTimeFormatOptions) => new Date(d).toLocaleString(displayLocale(), options);
export const formatTime = (d: Date | string | number) => new Date(d).toLocaleTimeString(displayLocale());

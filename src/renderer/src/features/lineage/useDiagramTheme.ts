import { useEffect, useState } from 'react';
import { useDisplay } from '../../stores/display';
import type { DiagramTheme } from './diagram-theme';

const DARK = '(prefers-color-scheme: dark)';

/** The theme diagrams are drawn in, live: Settings → Appearance, else the OS preference (followed as it changes). */
export function useDiagramTheme(): DiagramTheme {
  const pinned = useDisplay((s) => s.theme);
  const [osDark, setOsDark] = useState(() => (typeof window !== 'undefined' && window.matchMedia?.(DARK).matches) || false);
  useEffect(() => {
    const query = typeof window !== 'undefined' ? window.matchMedia?.(DARK) : undefined;
    if (!query) return;
    const changed = () => setOsDark(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return pinned === 'system' ? (osDark ? 'dark' : 'light') : pinned;
}

/** The platform's command key as shown in labels (⌘ on macOS, Ctrl elsewhere). */
const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);
export const MOD_LABEL_TEXT = isMac ? '⌘' : 'Ctrl';

import { useState } from 'react';
import { formatDateTime, formatNumber, isLocale, useDisplay, type Theme } from '../../stores/display';

const THEMES: Array<[Theme, string]> = [
  ['system', 'Follow the system'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];

/** Theme and display locale: applied at once, remembered on this machine. */
export function AppearanceSection() {
  const { theme, locale, setTheme, setLocale } = useDisplay();
  const [draft, setDraft] = useState(locale);
  const valid = isLocale(draft.trim());
  const osLocale = typeof navigator !== 'undefined' ? navigator.language : 'en-US';
  return (
    <section className="settings-section" aria-labelledby="appearance-heading">
      <h2 id="appearance-heading">Appearance</h2>
      <fieldset className="radio-row">
        <legend>Theme</legend>
        {THEMES.map(([id, label]) => (
          <label key={id} className="inline">
            <input type="radio" name="theme" value={id} checked={theme === id} onChange={() => setTheme(id)} /> {label}
          </label>
        ))}
      </fieldset>
      <div className="form-row">
        <label htmlFor="display-locale">Locale for numbers and dates</label>
        <input
          id="display-locale"
          value={draft}
          placeholder={`System (${osLocale})`}
          aria-describedby="display-locale-help"
          aria-invalid={!valid}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => valid && setLocale(draft.trim())}
          onKeyDown={(e) => e.key === 'Enter' && valid && setLocale(draft.trim())}
        />
        <p id="display-locale-help" className={valid ? 'muted small' : 'field-error small'} role={valid ? undefined : 'alert'}>
          {valid
            ? `A language tag such as de-DE or en-GB; empty follows the system. Example: ${formatNumber(1234567.89, { minimumFractionDigits: 2 })} · ${formatDateTime(Date.UTC(2026, 2, 31, 14, 5), { dateStyle: 'medium', timeStyle: 'short' })}`
            : `“${draft}” is not a locale this app knows. Use a language tag such as de-DE, fr-FR or en-GB, or leave it empty.`}
        </p>
      </div>
    </section>
  );
}

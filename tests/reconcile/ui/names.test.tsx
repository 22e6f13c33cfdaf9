// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Name, shortName } from '../../../src/renderer/src/features/reconcile/names';

describe('source names', () => {
  it('shortens a long file name in the middle, keeping its start and its end', () => {
    const s = shortName('umsaetze_girokonto_de8937040044053201300');
    expect(s).toBe('umsaetze_girokont…201300');
    expect(s.length).toBeLessThanOrEqual(24);
    expect(shortName('invoices')).toBe('invoices');
  });

  it('shows the whole name as a tooltip only when it is shortened', () => {
    const long = 'umsaetze_girokonto_de8937040044053201300';
    const { container } = render(<p><Name full={long} /> and <Name full="invoices" /></p>);
    expect(screen.getByText('umsaetze_girokont…201300').getAttribute('title')).toBe(long);
    expect(container.querySelectorAll('[title]')).toHaveLength(1);
    expect(container.textContent).toBe('umsaetze_girokont…201300 and invoices');
  });
});

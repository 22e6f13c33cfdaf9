// @vitest-environment jsdom
/**
 * Issue 17: names with quotes were drawn as `&quot;…&quot;`. Mermaid itself renders only in Chromium
 * (the e2e checks a real drawing); here its SVG-text label path is emulated as mermaid 11 does it:
 * `#name;` → `&name;` and `#NN;` → `&#NN;` (encodeEntities/decodeEntities), then only `&amp;`, `&lt;`,
 * `&gt;` decoded (decodeHTMLEntities), then set as text and serialised into the SVG markup.
 */
import { describe, expect, it } from 'vitest';
import { decodeLabel, mermaidLabels, parseDiagram, restoreLabels } from '../../src/renderer/src/features/lineage/diagram-model';

function mermaidSvgText(label: string): string {
  const decoded = label.replace(/#(\d+|\w+);/g, (_, code: string) => (/^\d+$/.test(code) ? `&#${code};` : `&${code};`)).replace(/&(amp|lt|gt);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>' })[e]!);
  const text = document.createElementNS('http://www.w3.org/2000/svg', 'text');
  text.textContent = decoded;
  return new XMLSerializer().serializeToString(text);
}

/** What the user sees: the label of one node of `source`, drawn, restored and parsed as the page does. */
function drawn(source: string): string {
  const label = /\[\(?"(.*)"\)?\]/.exec(mermaidLabels(source).split('\n')[1])![1];
  const host = document.createElement('div');
  host.innerHTML = restoreLabels(`<svg>${mermaidSvgText(label)}</svg>`);
  return host.textContent!;
}

const NAMES = ['sales."Q1 report"', 'mart."Big ""quoted"" Spenders"', 'x#1', '`raw`.t', 'a<b>c', 'p&l', 'lit&amp;eral', 'q&quot;r', 'plain_name'];
const engineLabel = (name: string) => name.replace(/[#"<>`]/g, (c) => ({ '"': '#quot;', '#': '#35;', '<': '#lt;', '>': '#gt;', '`': '#96;' })[c]!);

describe('diagram labels (issue 17)', () => {
  it('reproduces the bug without the fix: mermaid alone shows the entity', () => {
    const label = engineLabel('sales."Q1 report"');
    const host = document.createElement('div');
    host.innerHTML = `<svg>${mermaidSvgText(label)}</svg>`;
    expect(host.textContent).toBe('sales.&quot;Q1 report&quot;');
  });

  it.each(NAMES)('shows %s exactly as named, views and tables', (name) => {
    expect(drawn(`graph TB\n    n_x["${engineLabel(name)}"]`)).toBe(name);
    expect(drawn(`graph TB\n    n_x[("${engineLabel(name)}")]`)).toBe(name);
    // The id, the shape and the name read back are unchanged.
    expect(parseDiagram(`graph TB\n    n_x["${engineLabel(name)}"]`)[0]).toMatchObject({ id: 'n_x', name, kind: 'view' });
  });

  it('rewrites node labels only, and never leaves a raw quote inside a label', () => {
    const source = 'graph LR\n    n_a["sales.#quot;Q1 report#quot;"]\n    n_b[("raw.t")]\n    n_b --> n_a\n    classDef focus fill:#ffd54f,stroke:#b28704\n    class n_a focus';
    const out = mermaidLabels(source).split('\n');
    expect(out[0]).toBe('graph LR');
    expect(out[1]).toBe('    n_a["sales.\uE000Q1 report\uE000"]');
    expect(out[2]).toBe('    n_b[("raw.t")]');
    expect(out.slice(3)).toEqual(source.split('\n').slice(3));
    expect(decodeLabel('sales.#quot;Q1 report#quot;')).toBe('sales."Q1 report"');
  });

  it('restores placeholders as character references only', () => {
    expect(restoreLabels('<text title="\uE000a\uE000">\uE001\uE002\uE003\uE004\uE005 ok &amp;</text>')).toBe('<text title="&quot;a&quot;">&#35;&#96;&amp;&lt;&gt; ok &amp;</text>');
    // A name that itself holds a placeholder character is never turned into a quote.
    expect(restoreLabels(mermaidLabels('graph TB\n    n_x["a\uE000b"]'))).toBe('graph TB\n    n_x["a\uFFFDb"]');
  });
});

/**
 * What the diagram's colours and shapes mean, next to it: a list with words, so no meaning is carried by
 * colour alone (the swatches only repeat the tokens the diagram is drawn with, and are hidden from
 * screen readers, which read each node's kind and role in its own label).
 */
import { DIAGRAM_TOKENS, type NodeRole } from './diagram-theme';
import { useDiagramTheme } from './useDiagramTheme';

type Swatch = { role: NodeRole; shape: 'box' | 'cylinder'; unparsed?: boolean };

const ITEMS: Array<Swatch & { term: string; note?: string }> = [
  { role: 'focus', shape: 'box', term: 'Focused view', note: 'thick border' },
  { role: 'upstream', shape: 'box', term: 'Upstream', note: 'feeds the focus' },
  { role: 'downstream', shape: 'box', term: 'Downstream', note: 'reads the focus' },
  { role: 'view', shape: 'box', term: 'View', note: 'box' },
  { role: 'table', shape: 'cylinder', term: 'Table', note: 'cylinder' },
  { role: 'view', shape: 'box', unparsed: true, term: 'Could not be parsed', note: 'dashed red border' },
];

function SwatchIcon({ role, shape, unparsed }: Swatch) {
  const theme = useDiagramTheme();
  const t = DIAGRAM_TOKENS[theme];
  const c = t.nodes[role];
  const stroke = unparsed ? t.unparsed : c.stroke;
  const common = { fill: c.fill, stroke, strokeWidth: role === 'focus' ? 2.5 : unparsed ? 2 : 1.2, strokeDasharray: unparsed ? '4 3' : undefined };
  return (
    <svg className="legend-swatch" width="30" height="20" viewBox="0 0 30 20" aria-hidden="true" focusable="false">
      {shape === 'box' ? (
        <rect x="1.5" y="3" width="27" height="14" rx="2" {...common} />
      ) : (
        <>
          <path d="M3 5 v10 a12 3 0 0 0 24 0 v-10" {...common} />
          <ellipse cx="15" cy="5" rx="12" ry="3" {...common} />
        </>
      )}
      <text x="15" y="13.5" textAnchor="middle" fontSize="8" fill={c.text}>
        Ab
      </text>
    </svg>
  );
}

export function DiagramLegend() {
  return (
    <section className="diagram-legend" aria-labelledby="diagram-legend-title">
      <h4 id="diagram-legend-title">Legend</h4>
      <ul>
        {ITEMS.map((item) => (
          <li key={item.term}>
            <SwatchIcon role={item.role} shape={item.shape} unparsed={item.unparsed} />
            <span>
              {item.term}
              {item.note && <span className="muted legend-note"> ({item.note})</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

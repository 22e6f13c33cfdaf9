/** Renders MCP content blocks: text as text, images as images, the rest as JSON. */
export function ContentView({ blocks }: { blocks: Array<Record<string, unknown>> }) {
  if (blocks.length === 0) return <p className="muted">(no content)</p>;
  return (
    <div className="content-blocks">
      {blocks.map((b, i) => {
        if (b.type === 'text' && typeof b.text === 'string') {
          return (
            <pre key={i} className="block text">
              {b.text}
            </pre>
          );
        }
        if (b.type === 'image' && typeof b.data === 'string' && typeof b.mimeType === 'string' && /^image\/(png|jpeg|gif|webp)$/.test(b.mimeType)) {
          return <img key={i} className="block" alt={`Returned by the tool (${i + 1}, ${b.mimeType})`} src={`data:${b.mimeType};base64,${b.data}`} />;
        }
        return (
          <pre key={i} className="block json">
            {JSON.stringify(b, null, 2)}
          </pre>
        );
      })}
    </div>
  );
}

/**
 * Renders MCP content blocks as a user wants to see them: text as text, images as images, audio as
 * a player, resource links as links that read the resource here, embedded resources as their text
 * (or a download for binary ones); anything else as JSON. Binary data becomes a blob: URL (the CSP
 * allows blob: for media, not data:), revoked when the block goes away.
 */
import { useEffect, useMemo, useState } from 'react';
import { call, errorMessage } from '../../api/client';

type Block = Record<string, unknown>;

const AUDIO_TYPES = /^audio\/(wav|x-wav|wave|mpeg|mp3|ogg|webm|flac|aac|mp4)$/;
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/;

function useBlobUrl(base64: string, mimeType: string): string | undefined {
  const url = useMemo(() => {
    try {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      return URL.createObjectURL(new Blob([bytes], { type: mimeType }));
    } catch {
      return undefined; // not base64: shown as JSON by the caller's fallback text
    }
  }, [base64, mimeType]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function AudioBlock({ data, mimeType, index }: { data: string; mimeType: string; index: number }) {
  const url = useBlobUrl(data, mimeType);
  if (!url) return <p className="field-error">Audio {index + 1} ({mimeType}) is not valid base64.</p>;
  return (
    <figure className="block media">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- MCP audio content carries no captions to show; the tool's text blocks describe it */}
      <audio controls src={url} aria-label={`Audio returned by the tool (${index + 1}, ${mimeType})`} />
      <figcaption className="muted small">
        {mimeType} ·{' '}
        <a href={url} download={`audio-${index + 1}.${mimeType.split('/')[1]}`}>
          Download
        </a>
      </figcaption>
    </figure>
  );
}

const fileName = (uri: string) => decodeURIComponent(uri.split(/[/?#]/).filter(Boolean).pop() ?? 'resource');

function BlobDownload({ blob, mimeType, uri }: { blob: string; mimeType: string; uri: string }) {
  const url = useBlobUrl(blob, mimeType);
  return url ? (
    <a href={url} download={fileName(uri)}>
      Download {fileName(uri)} ({mimeType})
    </a>
  ) : (
    <span className="field-error">not valid base64</span>
  );
}

/** A resource the tool pointed to: its name and URI, and a button that reads it from the same server. */
function ResourceLinkBlock({ b, server }: { b: Block; server?: string }) {
  const [read, setRead] = useState<{ contents: unknown[] } | { error: string } | 'reading' | undefined>();
  const uri = String(b.uri);
  return (
    <div className="block resource-link" role="group" aria-label={`Resource link ${String(b.name ?? uri)}`}>
      <div>
        <strong>{String(b.title ?? b.name ?? fileName(uri))}</strong> <code className="small">{uri}</code>
        {typeof b.mimeType === 'string' && <span className="muted small"> · {b.mimeType}</span>}
      </div>
      {typeof b.description === 'string' && <p className="muted small">{b.description}</p>}
      {server && (
        <button
          className="small-btn"
          disabled={read === 'reading'}
          onClick={() => {
            setRead('reading');
            call('servers.readResource', { server, uri }).then(
              (r) => setRead(r),
              (e: unknown) => setRead({ error: errorMessage(e) }),
            );
          }}
        >
          {read === 'reading' ? 'Reading…' : 'Read it'}
        </button>
      )}
      {read && read !== 'reading' && ('error' in read ? <p className="field-error">{read.error}</p> : <ContentView blocks={read.contents.map((c) => ({ type: 'resource', resource: c }))} />)}
    </div>
  );
}

/** Past this many characters a text is shown in part: Chromium took ~10 s to lay out a 12 MiB <pre>. */
export const LONG_TEXT_PREVIEW = 100_000;


/**
 * A text block that may be huge: the first LONG_TEXT_PREVIEW characters, what was left out, and
 * "Show all" (the user's choice to wait for the layout) or a download of the whole text.
 */
export function LongText({ text, className = 'block text' }: { text: string; className?: string }) {
  const [all, setAll] = useState(false);
  const long = text.length > LONG_TEXT_PREVIEW;
  const url = useMemo(() => (long ? URL.createObjectURL(new Blob([text], { type: 'text/plain' })) : undefined), [long, text]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!long || all) return <pre className={className}>{text}</pre>;
  return (
    <div className="long-text">
      <pre className={className}>{text.slice(0, LONG_TEXT_PREVIEW)}</pre>
      <p className="muted small" role="status">
        Showing the first {LONG_TEXT_PREVIEW.toLocaleString('en-US')} of {text.length.toLocaleString('en-US')} characters.{' '}
        <button type="button" className="small-btn" onClick={() => setAll(true)}>
          Show all
        </button>{' '}
        {url && (
          <a href={url} download="result.txt">
            Download the whole text
          </a>
        )}
      </p>
    </div>
  );
}

function EmbeddedResourceBlock({ resource }: { resource: Block }) {
  const uri = String(resource.uri ?? '');
  const mimeType = typeof resource.mimeType === 'string' ? resource.mimeType : 'application/octet-stream';
  return (
    <div className="block embedded-resource" role="group" aria-label={`Resource ${uri}`}>
      <div className="muted small">
        <code>{uri}</code> · {mimeType}
      </div>
      {typeof resource.text === 'string' ? <LongText text={resource.text} /> : typeof resource.blob === 'string' ? <BlobDownload blob={resource.blob} mimeType={mimeType} uri={uri} /> : null}
    </div>
  );
}

export function ContentView({ blocks, server }: { blocks: Array<Record<string, unknown>>; server?: string }) {
  if (blocks.length === 0) return <p className="muted">(no content)</p>;
  return (
    <div className="content-blocks">
      {blocks.map((b, i) => {
        if (b.type === 'text' && typeof b.text === 'string') return <LongText key={i} text={b.text} />;
        if (b.type === 'image' && typeof b.data === 'string' && typeof b.mimeType === 'string' && IMAGE_TYPES.test(b.mimeType)) {
          return <img key={i} className="block" alt={`Returned by the tool (${i + 1}, ${b.mimeType})`} src={`data:${b.mimeType};base64,${b.data}`} />;
        }
        if (b.type === 'audio' && typeof b.data === 'string' && typeof b.mimeType === 'string' && AUDIO_TYPES.test(b.mimeType)) {
          return <AudioBlock key={i} data={b.data} mimeType={b.mimeType} index={i} />;
        }
        if (b.type === 'resource_link' && typeof b.uri === 'string') return <ResourceLinkBlock key={i} b={b} server={server} />;
        if (b.type === 'resource' && typeof b.resource === 'object' && b.resource !== null) return <EmbeddedResourceBlock key={i} resource={b.resource as Block} />;
        return <LongText key={i} className="block json" text={JSON.stringify(b, null, 2)} />;
      })}
    </div>
  );
}

// @vitest-environment jsdom
/** Tool results as a user sees them: audio plays, resources are text or downloads, nothing useful is left as raw JSON. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContentView, LONG_TEXT_PREVIEW } from '../../src/renderer/src/features/servers/ContentView';

afterEach(cleanup);
// jsdom has no object URLs; the browser's are opaque blob: strings like these.
beforeAll(() => {
  let n = 0;
  URL.createObjectURL = () => `blob:test/${++n}`;
  URL.revokeObjectURL = () => undefined;
});

const WAV = Buffer.from('RIFF....WAVEfmt ').toString('base64');

describe('ContentView', () => {
  it('plays audio, shows resource links and embedded resources, and keeps unknown blocks as JSON', () => {
    render(
      <ContentView
        server="everything"
        blocks={[
          { type: 'audio', data: WAV, mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'demo://resource/dynamic/text/1', name: 'Dynamic text 1', description: 'made on the fly', mimeType: 'text/plain' },
          { type: 'resource', resource: { uri: 'demo://notes/today.txt', mimeType: 'text/plain', text: 'Remember the fee.' } },
          { type: 'resource', resource: { uri: 'demo://files/report.pdf', mimeType: 'application/pdf', blob: Buffer.from('%PDF-1.4').toString('base64') } },
          { type: 'mystery', value: 1 },
        ]}
      />,
    );
    const audio = screen.getByLabelText('Audio returned by the tool (1, audio/wav)');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio.getAttribute('src')).toMatch(/^blob:/);
    const link = screen.getByRole('group', { name: 'Resource link Dynamic text 1' });
    expect(link.textContent).toContain('demo://resource/dynamic/text/1');
    expect(link.textContent).toContain('made on the fly');
    expect(screen.getByRole('button', { name: 'Read it' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Resource demo://notes/today.txt' }).textContent).toContain('Remember the fee.');
    const download = screen.getByRole('link', { name: 'Download report.pdf (application/pdf)' });
    expect(download.getAttribute('download')).toBe('report.pdf');
    expect(download.getAttribute('href')).toMatch(/^blob:/);
    expect(document.querySelectorAll('pre.json')).toHaveLength(1);
  });

  it('does not offer to read a link when it does not know which server it came from, and rejects audio it cannot play', () => {
    render(<ContentView blocks={[{ type: 'resource_link', uri: 'x://y', name: 'y' }, { type: 'audio', data: 'AAAA', mimeType: 'audio/x-unknown' }]} />);
    expect(screen.queryByRole('button', { name: 'Read it' })).toBeNull();
    expect(document.querySelectorAll('audio')).toHaveLength(0);
    expect(document.querySelectorAll('pre.json')).toHaveLength(1);
  });

  it('shows a 12 MiB text result in part, with Show all and a download of the whole text', () => {
    const line = 'row 000000: the quick brown fox jumps over the lazy dog\n';
    const text = line.repeat(Math.ceil((12 * 1024 * 1024) / line.length));
    const started = performance.now();
    render(<ContentView blocks={[{ type: 'text', text }]} />);
    const ms = performance.now() - started;
    console.log(`12 MiB text result: first render ${ms.toFixed(0)} ms, ${document.querySelector('pre')!.textContent!.length} characters in the page`);
    const shown = document.querySelector('pre.text')!.textContent!;
    expect(shown.length).toBe(LONG_TEXT_PREVIEW);
    expect(text.startsWith(shown)).toBe(true);
    expect(screen.getByRole('status').textContent).toContain(`Showing the first 100,000 of ${text.length.toLocaleString('en-US')} characters.`);
    expect(screen.getByRole('link', { name: 'Download the whole text' }).getAttribute('href')).toMatch(/^blob:/);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(document.querySelector('pre.text')!.textContent!.length).toBe(text.length);
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull();
  });

  it('shows a short text whole, with nothing more to offer', () => {
    render(<ContentView blocks={[{ type: 'text', text: 'short' }]} />);
    expect(document.querySelector('pre.text')!.textContent).toBe('short');
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull();
  });
});

import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { withCspMeta } from './src/main/base/csp';

// One build for three targets. The main bundle also carries the `kalla` CLI
// (browser mode, built-in MCP servers, `kalla recon`): it runs under plain Node
// or under Electron with ELECTRON_RUN_AS_NODE=1, so it must never import `electron`.
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          cli: resolve('src/cli/index.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        // Sandboxed preloads cannot be ES modules.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: {
      rollupOptions: { input: resolve('src/renderer/index.html') },
    },
    // index.html's CSP meta tag comes from the one policy builder every entry point uses.
    plugins: [react(), { name: 'kalla-csp-meta', transformIndexHtml: (html: string) => withCspMeta(html) }],
    // The large view's layout worker is an ES module, so ELK (2.6 MB) is its own chunk, loaded only for small graphs.
    worker: { format: 'es' },
  },
});

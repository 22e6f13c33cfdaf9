/**
 * Layering rules of Kalla Desktop, checked by `npm run lint` (dependency-cruiser). Each rule names
 * the house rule it enforces; docs/architecture.md explains the layers.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycles anywhere in src/ (type-only imports included: they are cycles of meaning too).',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'renderer-not-main',
      severity: 'error',
      comment: 'The renderer reaches main only through the IPC contract (src/shared/contract*) and the typed client.',
      from: { path: '^src/renderer/' },
      to: { path: '^src/(main|preload|cli|servers)/' },
    },
    {
      name: 'renderer-no-node',
      severity: 'error',
      comment: 'The renderer runs in a browser window: no Node built-ins.',
      from: { path: '^src/renderer/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-is-pure',
      severity: 'error',
      comment: 'src/shared is imported by every process, so it imports no process code and no Node built-ins.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(main|preload|cli|servers|renderer)/|^(node:)?(fs|path|os|child_process|crypto|net|http|https|worker_threads)$' },
    },
    {
      name: 'only-the-shell-imports-electron',
      severity: 'error',
      comment: 'Only the Electron shell (src/main/index.ts) and the preload import electron; everything else runs under plain Node too.',
      from: { path: '^src/', pathNot: '^src/(main/index\\.ts|preload/)' },
      to: { path: '^electron$|node_modules/electron/' },
    },
    {
      name: 'servers-not-main',
      severity: 'error',
      comment: 'The built-in MCP servers are standalone programs: they never import the app (src/main).',
      from: { path: '^src/servers/' },
      to: { path: '^src/main/' },
    },
    {
      name: 'main-not-servers',
      severity: 'error',
      comment: 'The app never reaches into a stdio server\'s code: what both need lives in src/engines or src/shared.',
      from: { path: '^src/main/' },
      to: { path: '^src/servers/' },
    },
    {
      name: 'engines-only-shared',
      severity: 'error',
      comment: 'src/engines holds pure engines used by the app and the built-in servers: they import only src/shared, no process code and no Node built-ins.',
      from: { path: '^src/engines/' },
      to: { path: '^src/(main|preload|cli|servers|renderer)/|^(node:)?(fs|path|os|child_process|crypto|net|http|https|worker_threads)$' },
    },
    {
      name: 'services-not-ipc',
      severity: 'error',
      comment: 'Services do not depend on the transport: only the composition root (core.ts) and ipc itself import src/main/ipc.',
      from: { path: '^src/main/', pathNot: '^src/main/(ipc/|core\\.ts$|index\\.ts$)' },
      to: { path: '^src/main/ipc/' },
    },
    {
      name: 'base-only-shared',
      severity: 'error',
      comment: 'src/main/base is the floor of main (atomic write, keyed queue, secrets): it imports only src/shared and Node, never the rest of main.',
      from: { path: '^src/main/base/' },
      to: { path: '^src/(main|preload|cli|servers|renderer|engines)/', pathNot: '^src/main/base/' },
    },
    {
      name: 'errors-at-the-bottom',
      severity: 'error',
      comment: 'src/main/errors.ts is the lowest module of main: it imports only shared types.',
      from: { path: '^src/main/errors\\.ts$' },
      to: { path: '^src/(main|cli|servers|renderer|preload)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(out|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

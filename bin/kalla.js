#!/usr/bin/env node
// The `kalla` command (package.json "bin"): runs the bundled CLI.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'out', 'main', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write('Kalla is not built yet. Run `npm run build` in ' + join(dirname(fileURLToPath(import.meta.url)), '..') + ' first.\n');
  process.exit(1);
}
await import(pathToFileURL(cli).href);

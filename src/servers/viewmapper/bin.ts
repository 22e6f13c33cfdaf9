/** Entry point for spawning the server directly: `node --import tsx src/servers/viewmapper/bin.ts`. */
import { runViewMapperServerStdio } from './stdio';

runViewMapperServerStdio().catch((error: unknown) => {
  process.stderr.write(`[viewmapper] failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

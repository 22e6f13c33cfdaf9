/** Entry point for spawning the server directly: `node --import tsx src/servers/recon/bin.ts`. */
import { runReconServerStdio } from './stdio';

runReconServerStdio().catch((error: unknown) => {
  process.stderr.write(`[kalla-recon] failed to start: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});

// Tiny entry used by cli.test.ts to run `kalla recon` as a real process.
import { runReconCli } from '../../../src/cli/recon';

process.exitCode = await runReconCli(process.argv.slice(2));

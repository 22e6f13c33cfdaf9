// `kalla recon` as a real process for `bench:recon -- --cli` (the built bin/kalla.js needs `npm run build` first).
import { runReconCli } from '../../src/cli/recon';

process.exitCode = await runReconCli(process.argv.slice(2));

// Moved to src/main/base/atomic-write.ts; kept while host.ts (being split in issue 29) still imports it here.
export { SECRET_FILE_MODE, tightenSecretFile, writeFileAtomic } from '../base/atomic-write';

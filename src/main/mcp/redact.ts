// Moved to src/main/base/secrets.ts; kept while host.ts and connection.ts (being split in issue 29) import it here.
export { createRedactor, redact, type Redactor } from '../base/secrets';

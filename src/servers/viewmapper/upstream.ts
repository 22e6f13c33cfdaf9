/**
 * How the wrapper calls a user's own jar (VIEWMAPPER_JAR): upstream ViewMapper's
 * `run` contract, one JVM per question. Upstream's picocli command knows only
 * `--connection`, `--schema`, `--output` and `--verbose`, and rejects anything
 * else with exit 2 — so nothing else is passed. Kalla's own jar, given as
 * VIEWMAPPER_JAR, is switched to the same contract by VIEWMAPPER_COMPAT=upstream
 * (upstream's jar ignores the variable).
 */

/** Upstream's default dataset (seed 001), which upstream's jar bundles. */
export const UPSTREAM_DEFAULT_CONNECTION = 'test://simple_ecommerce';

export interface UpstreamRunInput {
  prompt: string;
  connection: string;
  catalog?: string;
  schema?: string;
  user?: string;
  password?: string;
  verbose: boolean;
}

/**
 * Upstream reads the JDBC user from the URL only (`DriverManager.getConnection(url)`):
 * add `user=` to a jdbc:trino URL that has none.
 */
export function withUrlUser(connection: string, user: string | undefined): string {
  if (!user || !/^jdbc:trino:/i.test(connection) || /[?&]user=/i.test(connection)) return connection;
  return `${connection}${connection.includes('?') ? '&' : '?'}user=${encodeURIComponent(user)}`;
}

/** The `run` arguments (after `run`) and the extra environment for a user's jar. */
export function upstreamRun(input: UpstreamRunInput): { args: string[]; env: Record<string, string> } {
  const args = [input.prompt, '--connection', withUrlUser(input.connection, input.user), '--output', 'text'];
  // Upstream takes the catalog inside --schema ("catalog.schema"); it has no --catalog.
  const schema = input.catalog && input.schema ? `${input.catalog}.${input.schema}` : input.schema;
  if (schema) args.push('--schema', schema);
  if (input.verbose) args.push('--verbose');
  const env: Record<string, string> = { VIEWMAPPER_COMPAT: 'upstream' };
  // Read by Kalla's jar only; upstream's takes credentials from the URL. Never on the command line.
  if (input.user) env.VIEWMAPPER_USER = input.user;
  if (input.password) env.VIEWMAPPER_PASSWORD = input.password;
  return { args, env };
}

/**
 * The offline engines: pure, synchronous, deterministic, no network. The
 * reconciliation CLI calls these directly; the MCP server uses them for
 * engine "local" and as the fallback of "auto".
 */
export { detectFieldMappingsLocal } from './field-mappings';
export { parseNlFilterLocal } from './nl-filter';
export { suggestMatchRulesLocal } from './match-rules';

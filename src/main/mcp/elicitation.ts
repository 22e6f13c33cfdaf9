/**
 * Checks a user's answer to a form-mode elicitation against the schema the server asked with. The
 * spec keeps these schemas flat: an object of string (with format, length), number/integer (with
 * bounds), boolean and enum properties. The renderer's form already prevents most mistakes; this is
 * the main process's own check, so a bad answer never reaches the server.
 */
type Schema = Record<string, unknown>;

export function elicitationProblem(requested: Schema, content: Record<string, unknown>): string | null {
  const props = (requested.properties ?? {}) as Record<string, Schema>;
  const required = Array.isArray(requested.required) ? (requested.required as string[]) : [];
  for (const name of required) {
    if (content[name] === undefined || content[name] === '') return `"${name}" is required`;
  }
  for (const [name, value] of Object.entries(content)) {
    const p = props[name];
    if (!p) return `"${name}" was not asked for`;
    const problem = valueProblem(p, value);
    if (problem) return `"${name}" ${problem}`;
  }
  return null;
}

function valueProblem(p: Schema, value: unknown): string | null {
  const options = Array.isArray(p.enum) ? (p.enum as unknown[]) : Array.isArray(p.oneOf) ? (p.oneOf as Schema[]).map((o) => o.const) : undefined;
  if (options && !options.includes(value)) return `must be one of ${options.map((o) => JSON.stringify(o)).join(', ')}`;
  switch (p.type) {
    case 'string': {
      if (typeof value !== 'string') return 'must be text';
      if (typeof p.minLength === 'number' && value.length < p.minLength) return `must have at least ${p.minLength} characters`;
      if (typeof p.maxLength === 'number' && value.length > p.maxLength) return `must have at most ${p.maxLength} characters`;
      if (p.format === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'must be an email address';
      if (p.format === 'uri' && !/^[a-z][a-z0-9+.-]*:/i.test(value)) return 'must be a URI';
      if (p.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'must be a date (YYYY-MM-DD)';
      return null;
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (p.type === 'integer' && !Number.isInteger(value)) return 'must be a whole number';
      if (typeof p.minimum === 'number' && value < p.minimum) return `must be at least ${p.minimum}`;
      if (typeof p.maximum === 'number' && value > p.maximum) return `must be at most ${p.maximum}`;
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'array':
      return Array.isArray(value) ? null : 'must be a list';
    default:
      return null;
  }
}

// Reference relation extraction from the Trino grammar in dt-sql-parser: walk the ANTLR parse
// tree, collect every table reference (relationPrimary #tableName), and drop references to
// CTEs that are in scope — with the same rules Trino applies (a plain CTE sees only earlier
// CTEs of its WITH, a recursive one also sees itself; scope ends with the query).
import { TrinoSQL } from 'dt-sql-parser';

interface TreeNode {
  constructor: { name: string };
  children?: TreeNode[] | null;
  getText(): string;
}

type NamedQuery = TreeNode & { identifier(): TreeNode; query(): TreeNode };
type QueryStatement = TreeNode & {
  with(): (TreeNode & { namedQuery(): NamedQuery[]; KW_RECURSIVE(): unknown }) | null;
  queryNoWith(): TreeNode;
};
type TableName = TreeNode & {
  tableOrViewName(): { tableRef(): { identifier(): TreeNode[] } | null; viewRef(): { identifier(): TreeNode[] } | null };
};

const trino = new TrinoSQL();

/** Trino folds every identifier to lower case; quotes only protect characters. */
export function normalizeIdentifier(raw: string): string {
  if (raw.startsWith('"') && raw.endsWith('"')) return raw.slice(1, -1).replaceAll('""', '"').toLowerCase();
  return raw.toLowerCase();
}

class Scope {
  private readonly names = new Set<string>();
  constructor(private readonly parent: Scope | null) {}
  declare(name: string) {
    this.names.add(name);
  }
  has(name: string): boolean {
    return this.names.has(name) || (this.parent?.has(name) ?? false);
  }
}

export interface OracleResult {
  /** Relations read by the query, each as its list of normalised name parts, sorted. */
  relations: string[][];
  /** Syntax errors reported by the Trino grammar; a generated view must have none. */
  errors: string[];
}

/** One parse gives both answers; parsing twice (validate + parse) doubled the test time. */
export function oracle(sql: string): OracleResult {
  const errors: string[] = [];
  const tree = trino.parse(sql, (e) => errors.push(`${e.startLine}:${e.startColumn} ${e.message}`)) as unknown as TreeNode;
  const found = new Map<string, string[]>();
  // After a syntax error the recovered tree has holes (null children): its relations mean nothing.
  if (errors.length > 0) return { relations: [], errors };
  walk(tree, null, found);
  const relations = [...found.values()].sort((a, b) => a.join('\u0000').localeCompare(b.join('\u0000')));
  return { relations, errors };
}

function walk(node: TreeNode, scope: Scope | null, found: Map<string, string[]>): void {
  const kind = node.constructor.name;
  if (kind === 'QueryStatementContext') {
    const q = node as QueryStatement;
    const w = q.with();
    if (w) {
      const inner = new Scope(scope);
      const recursive = Boolean(w.KW_RECURSIVE());
      for (const nq of w.namedQuery()) {
        const name = normalizeIdentifier(nq.identifier().getText());
        if (recursive) inner.declare(name);
        walk(nq.query(), inner, found);
        inner.declare(name);
      }
      walk(q.queryNoWith(), inner, found);
      return;
    }
  }
  if (kind === 'TableNameContext') {
    const name = (node as TableName).tableOrViewName();
    const ref = name.tableRef() ?? name.viewRef();
    const parts = (ref?.identifier() ?? []).map((id) => normalizeIdentifier(id.getText()));
    if (parts.length === 1 && scope?.has(parts[0])) return;
    found.set(parts.join('\u0000'), parts);
  }
  for (const child of node.children ?? []) walk(child, scope, found);
}

/**
 * How many columns a query gives, by the Trino grammar: the select items of its leftmost query
 * specification outside its WITH (a set operation takes its first term's). Undefined when the query
 * does not parse. Decides how long a `CREATE VIEW v (…)` column list must be.
 */
export function outputCount(sql: string): number | undefined {
  const errors: string[] = [];
  const tree = trino.parse(sql, (e) => errors.push(e.message)) as unknown as TreeNode;
  if (errors.length > 0) return undefined;
  const first = (node: TreeNode, kind: string): TreeNode | undefined => {
    if (node.constructor.name === kind) return node;
    for (const child of node.children ?? []) {
      const hit = first(child, kind);
      if (hit) return hit;
    }
    return undefined;
  };
  const statement = first(tree, 'QueryStatementContext') as QueryStatement | undefined;
  const spec = statement && first(statement.queryNoWith(), 'QuerySpecificationContext');
  const list = spec?.children?.find((c) => c.constructor.name === 'SelectListContext');
  return list?.children?.filter((c) => c.constructor.name === 'SelectItemContext').length;
}

/**
 * What kalla-recon offers besides tools: reference resources an MCP client (or its model) reads to
 * use the tools and read their answers well, and a prompt — a slash command in Claude Desktop, VS
 * Code and the like — that walks two sources from columns to match rules.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { NORMALISER_MEANINGS } from '../../shared/reconcile/recipe';
import { EXCEPTION_REASONS, EXCEPTION_REASON_MEANINGS } from '../../shared/reconcile/sources-and-runs';
import { registerMarkdownResource } from '../markdown-resource';

const REASONS = `# Exception reasons

An exception is an open record that came close to a match. Rules are consulted in order; the first explanation wins.

| reason | meaning |
| --- | --- |
${EXCEPTION_REASONS.map((r) => `| \`${r}\` | ${EXCEPTION_REASON_MEANINGS[r]} |`).join('\n')}
`;

const NORMALISERS = `# Key normalisers

Match-rule keys are compared after these normalisers (suggest_match_rules proposes them; a recipe lists them per key).

| kind | what it does |
| --- | --- |
${Object.entries(NORMALISER_MEANINGS).map(([kind, meaning]) => `| \`${kind}\` | ${meaning} |`).join('\n')}
`;

export function registerReconGuide(server: McpServer): void {
  registerMarkdownResource(server, 'exception-reasons', 'kalla-recon://guide/exception-reasons', { title: 'Exception reasons', description: 'What each exception reason of a reconciliation means.' }, REASONS);
  registerMarkdownResource(server, 'normalisers', 'kalla-recon://guide/normalisers', { title: 'Key normalisers', description: 'How match-rule keys are normalised before they are compared (references in remittance text, counterparty names, …).' }, NORMALISERS);
  server.registerPrompt(
    'plan_reconciliation',
    {
      title: 'Plan a reconciliation',
      description: 'From the columns of two sources (a bank statement and an invoice list, say) to confirmed mappings and match rules.',
      argsSchema: {
        left_columns: z.string().describe('Columns of the first source, comma-separated (e.g. Booking Date, Amount, Reference)'),
        right_columns: z.string().describe('Columns of the second source, comma-separated'),
        goal: z.string().optional().describe('What should match, in words (optional), e.g. "payments against open invoices, fees deducted"'),
      },
    },
    ({ left_columns, right_columns, goal }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Plan a reconciliation between two sources.\nLeft columns: ${left_columns}\nRight columns: ${right_columns}${goal?.trim() ? `\nGoal: ${goal.trim()}` : ''}\n\nFirst call kalla-recon's detect_field_mappings with both schemas (add a few sample rows if I give any) and show me the pairs with their confidence; ask me to confirm or correct them. Then call suggest_match_rules with the confirmed mappings and explain each proposed rule (keys and normalisers, amount tolerance, date window, cardinality) in plain words, strict rules first.`,
          },
        },
      ],
    }),
  );
}

/**
 * Shared test inputs and an in-process MCP client for the recon server (the
 * real server and SDK client over a linked in-memory transport).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createReconServer } from '../../src/servers/recon/server';
import type { FieldMapping, SourceSchema } from '../../src/shared/reconcile/recipe';

export const bankSchema: SourceSchema = {
  alias: 'bank',
  columns: [
    { name: 'booking_date', data_type: 'date' },
    { name: 'amount', data_type: 'decimal' },
    { name: 'description', data_type: 'varchar' },
    { name: 'reference', data_type: 'varchar' },
  ],
};

export const ledgerSchema: SourceSchema = {
  alias: 'ledger',
  columns: [
    { name: 'posting_date', data_type: 'date' },
    { name: 'total', data_type: 'decimal' },
    { name: 'memo', data_type: 'varchar' },
    { name: 'invoice_no', data_type: 'varchar' },
  ],
};

export const bankSample = Array.from({ length: 8 }, (_, i) => ({
  booking_date: `2026-01-${String(10 + i).padStart(2, '0')}`,
  amount: 100 + i,
  description: `PAYMENT INV-${1000 + i}`,
  reference: `INV-${1000 + i}`,
}));

export const ledgerSample = Array.from({ length: 8 }, (_, i) => ({
  posting_date: `2026-01-${String(9 + i).padStart(2, '0')}`,
  total: 100 + i,
  memo: `Invoice ${1000 + i}`,
  invoice_no: `INV-${1000 + i}`,
}));

export const confirmedMappings: FieldMapping[] = [
  { field_a: 'booking_date', field_b: 'posting_date', confidence: 0.9, reason: 'dates', role: 'date' },
  { field_a: 'amount', field_b: 'total', confidence: 0.95, reason: 'amounts', role: 'amount' },
  { field_a: 'description', field_b: 'memo', confidence: 0.8, reason: 'text', role: 'text' },
  { field_a: 'reference', field_b: 'invoice_no', confidence: 0.97, reason: 'references', role: 'key' },
];

export async function connectInProcess(env: NodeJS.ProcessEnv): Promise<{ client: Client; close: () => Promise<void> }> {
  const server = createReconServer({ env });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'recon-test', version: '0.0.0' });
  await client.connect(clientSide);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

export function textOf(result: CallToolResult): string {
  return result.content
    .filter((c): c is { type: 'text'; text: string } => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
}

export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

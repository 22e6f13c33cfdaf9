/** A standard conversation exercising every message shape, shared by translation and provider tests. */
import type { ChatMessage } from '../../src/shared/assistant';

export const SYSTEM = 'You are Kalla, a reconciliation assistant.';

export const RECON_ARGS = {
  left: { path: 'bank.csv' },
  right: { path: 'ledger.csv' },
  rules: [{ leftField: 'amount', rightField: 'amt', tolerance: 0.01 }],
};

export const conversation: ChatMessage[] = [
  { role: 'user', text: 'Reconcile bank.csv against ledger.csv' },
  {
    role: 'assistant',
    text: 'Running it.',
    toolCalls: [
      { id: 'call_1', name: 'recon__run_reconciliation', arguments: RECON_ARGS },
      { id: 'call_2', name: 'files__ping', arguments: {} },
    ],
  },
  {
    role: 'tool',
    results: [
      { callId: 'call_1', name: 'recon__run_reconciliation', content: '{"matched":41,"unmatched":2}', isError: false },
      { callId: 'call_2', name: 'files__ping', content: 'server not running', isError: true },
    ],
  },
  { role: 'user', text: 'Export it' },
  {
    role: 'assistant',
    text: '',
    toolCalls: [
      {
        id: 'call_3',
        name: 'recon__export_report_79d2f842',
        arguments: {},
        argumentsError: { raw: '{"target":', message: 'arguments are not valid JSON: Unexpected end of JSON input' },
      },
    ],
  },
  {
    role: 'tool',
    results: [{ callId: 'call_3', name: 'recon__export_report_79d2f842', content: 'bad arguments', isError: true }],
  },
];

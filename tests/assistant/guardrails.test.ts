import { describe, expect, it } from 'vitest';
import { ToolPolicyOverridesSchema } from '../../src/shared/assistant';
import { isFinalizingTool, refusedToolResult, resolveToolPolicy, type PolicyTool } from '../../src/main/assistant/guardrails';

const readOnly = { name: 'list_sources', annotations: { readOnlyHint: true } };
const writer = { name: 'delete_source', annotations: { readOnlyHint: false, destructiveHint: true } };
const plain: PolicyTool['tool'] = { name: 'run_match' };
const finalizing = { name: 'export_evidence', annotations: { finalizing: true } };

const builtin = (tool: PolicyTool['tool'], extra: Partial<PolicyTool> = {}): PolicyTool => ({ server: 'recon', origin: 'builtin', tool, ...extra });
const user = (tool: PolicyTool['tool']): PolicyTool => ({ server: 'fs', origin: 'user', tool });

describe('resolveToolPolicy defaults', () => {
  it('auto-runs read-only tools of built-in servers', () => {
    expect(resolveToolPolicy(builtin(readOnly))).toEqual({
      permission: 'always',
      source: 'builtin-read-only',
      reason: '"list_sources" only reads data and comes with Kalla.',
    });
  });

  it('asks for built-in tools that are not marked read-only', () => {
    expect(resolveToolPolicy(builtin(writer))).toEqual({
      permission: 'ask',
      source: 'default',
      reason: '"delete_source" can change data, so it asks first.',
    });
    expect(resolveToolPolicy(builtin(plain)).permission).toBe('ask');
  });

  it('does not trust read-only annotations from user servers', () => {
    expect(resolveToolPolicy(user(readOnly))).toEqual({
      permission: 'ask',
      source: 'default',
      reason: '"list_sources" comes from your server "fs"; tools from added servers ask first.',
    });
  });
});

describe('resolveToolPolicy user overrides', () => {
  it('applies a per-server choice', () => {
    expect(resolveToolPolicy(user(plain), { servers: { fs: 'always' } })).toEqual({
      permission: 'always',
      source: 'server-override',
      reason: 'You allowed server "fs".',
    });
    expect(resolveToolPolicy(builtin(readOnly), { servers: { recon: 'never' } })).toEqual({
      permission: 'never',
      source: 'server-override',
      reason: 'You blocked server "recon".',
    });
  });

  it('lets a per-tool choice beat the per-server one', () => {
    const overrides = { servers: { fs: 'never' as const }, tools: { fs: { run_match: 'ask' as const } } };
    expect(resolveToolPolicy(user(plain), overrides)).toEqual({
      permission: 'ask',
      source: 'tool-override',
      reason: 'You asked to confirm tool "run_match".',
    });
    expect(resolveToolPolicy(user(readOnly), overrides).permission).toBe('never');
  });

  it('matches per-tool choices by server as well as tool name', () => {
    expect(resolveToolPolicy(user(plain), { tools: { recon: { run_match: 'always' } } }).permission).toBe('ask');
  });
});

describe('tools that read what the call names', () => {
  it('ask even when built-in and read-only (ViewMapper tools read the files or database a call names)', () => {
    const reader = { name: 'analyze_schema', annotations: { readOnlyHint: true, openWorldHint: true } };
    expect(resolveToolPolicy({ server: 'viewmapper', origin: 'builtin', tool: reader }).permission).toBe('ask');
    expect(resolveToolPolicy(builtin({ name: 'x', annotations: { readOnlyHint: true, openWorldHint: false } })).permission).toBe('always');
  });

  it('open-world alone does not ask for a built-in (kalla-recon with an LLM: bounded by the sample-rows consent)', () => {
    expect(resolveToolPolicy(builtin({ name: 'detect_field_mappings', annotations: { readOnlyHint: true, openWorldHint: true } })).permission).toBe('always');
  });
});

describe('finalizing tools', () => {
  it('always ask, even when the user allowed them', () => {
    const expected = { permission: 'ask', source: 'finalizing', reason: '"export_evidence" finalizes a result, so it always asks first.' };
    expect(resolveToolPolicy(builtin(finalizing))).toEqual(expected);
    expect(resolveToolPolicy(builtin(finalizing), { tools: { recon: { export_evidence: 'always' } } })).toEqual(expected);
    expect(resolveToolPolicy(builtin(finalizing), { servers: { recon: 'always' } })).toEqual(expected);
    // Read-only does not exempt a finalizing tool either.
    expect(resolveToolPolicy(builtin({ name: 'publish', annotations: { readOnlyHint: true, finalizing: true } })).permission).toBe('ask');
  });

  it('can still be blocked', () => {
    expect(resolveToolPolicy(builtin(finalizing), { servers: { recon: 'never' } })).toEqual({
      permission: 'never',
      source: 'server-override',
      reason: 'You blocked server "recon".',
    });
  });

  it('are recognised by annotation or by the caller', () => {
    expect(isFinalizingTool(finalizing)).toBe(true);
    expect(isFinalizingTool({ annotations: { 'kalla/finalizing': true } })).toBe(true);
    expect(isFinalizingTool(plain)).toBe(false);
    expect(resolveToolPolicy(builtin(readOnly, { finalizing: true })).source).toBe('finalizing');
  });
});

describe('overrides schema and refusal results', () => {
  it('parses stored overrides with defaults and rejects unknown permissions', () => {
    expect(ToolPolicyOverridesSchema.parse({})).toEqual({ servers: {}, tools: {} });
    expect(ToolPolicyOverridesSchema.safeParse({ servers: { fs: 'sometimes' } }).success).toBe(false);
  });

  it('tells the model not to repeat a refused call', () => {
    const call = { id: 'c1', name: 'fs__delete', arguments: {} };
    expect(refusedToolResult(call, 'blocked')).toEqual({
      callId: 'c1',
      name: 'fs__delete',
      isError: true,
      outcome: 'blocked',
      content: 'The user has blocked this tool. Do not call it again; continue without it or ask the user.',
    });
    expect(refusedToolResult(call, 'declined').outcome).toBe('declined');
    expect(refusedToolResult(call, 'declined').content).toBe(
      'The user declined this call. Do not repeat it unchanged; ask the user how to proceed.',
    );
  });
});

/**
 * The app's own capabilities as MCP tools, in the spirit of seed 002's
 * TOOL_REGISTRY: every tool publishes a usage hint, an example flow, whether
 * it is scoped to the active workspace and whether it is finalizing, next to
 * its schema. Tools are grouped in modules (servers, lineage, reconcile, …) so
 * a workspace adds its tools without touching the others.
 *
 * Guardrail metadata travels two ways: the standard MCP annotations
 * (readOnlyHint, destructiveHint) and `_meta["kalla/finalizing"]` /
 * `_meta["kalla/scoped"]`, because the SDK's client strips annotation keys it
 * does not know. The in-process connection (./connection.ts) turns the `_meta`
 * flags back into the `finalizing: true` annotation the guardrails read.
 */
import type { z } from 'zod';

/** A refusal the model can act on (readiness gating, scoping, missing input). */
export class AppToolRefusal extends Error {}

export interface AppToolOutput {
  /** What the model reads. */
  text: string;
  structured?: Record<string, unknown>;
}

export interface AppToolMeta {
  /** When to use it and what to check first (seed 002's usage_hint). */
  usageHint: string;
  /** Where it sits in a typical flow (seed 002's example_flow). */
  exampleFlow: string;
  /** Acts on the active workspace only; a `workspace_id` for another one is refused. */
  scoped: false | 'reconcile' | 'lineage';
  /** Produces the deliverable or commits a result: always asks, whatever the user's settings. */
  finalizing: boolean;
  /** Overwrites or deletes something. */
  destructive?: boolean;
}

export interface AppToolDef<S extends z.ZodRawShape = z.ZodRawShape> extends AppToolMeta {
  name: string;
  title: string;
  description: string;
  input: S;
  /**
   * Readiness gate: a message the model can act on when the tool cannot run
   * yet (checked before the user is asked, and again when the tool runs).
   */
  ready?(args: z.infer<z.ZodObject<S>>): Promise<string | undefined>;
  run(args: z.infer<z.ZodObject<S>>, ctx: AppToolCallContext): Promise<AppToolOutput>;
}

export interface AppToolCallContext {
  signal: AbortSignal;
}

export interface AppToolModule {
  id: string;
  /** One line for the server instructions: what this group is for and the usual order. */
  instructions: string;
  tools: AppToolDef[];
}

/** Keeps the literal shape type while storing the tool in a plain list. */
export function defineTool<S extends z.ZodRawShape>(def: AppToolDef<S>): AppToolDef {
  return def as unknown as AppToolDef;
}

/** The description the model sees: what it does, then the registry metadata in words. */
export function describeTool(t: AppToolDef): string {
  const lines = [t.description, `Usage: ${t.usageHint}`, `Example flow: ${t.exampleFlow}`];
  if (t.scoped) lines.push(`Acts on the active ${t.scoped} workspace only.`);
  if (t.finalizing) lines.push('Finalizing: the user is always asked to confirm.');
  return lines.join('\n');
}

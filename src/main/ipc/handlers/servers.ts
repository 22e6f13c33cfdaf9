/** Handlers for the Servers workspace: thin calls into the McpHost. */
import type { ServerConfig } from '../../../shared/mcp';
import type { McpHost } from '../../mcp/host';
import { UserError } from '../../errors';
import type { HandlerDeps, HandlersFor } from '../handler-types';
import { maskDocument, maskServer, restoreDocument, restoreServer } from '../secret-mask';

const ok = { ok: true } as const;

type ServersDocument = { mcpServers?: Record<string, ServerConfig> };

async function userServersDocument(host: McpHost): Promise<ServersDocument> {
  try {
    return JSON.parse(await host.readConfigText()) as ServersDocument;
  } catch {
    throw new UserError('Your server file is not valid JSON; fix it in the JSON editor first.', 'invalid_config');
  }
}

export function serversHandlers({ host }: HandlerDeps): HandlersFor<'servers.'> {
  return {
    'servers.list': async () => ({
      servers: host.list(),
      problems: host.configProblems(),
      configPath: host.configPath(),
    }),
    'servers.start': async ({ name }) => (await host.startServer(name), ok),
    'servers.stop': async ({ name }) => (await host.stopServer(name), ok),
    'servers.restart': async ({ name }) => (await host.restartServer(name), ok),
    'servers.setLogLevel': async ({ name, level }) => (await host.setLogLevel(name, level), ok),
    'servers.setEnabled': async ({ name, enabled }) => (await host.setEnabled(name, enabled), ok),
    'servers.add': async ({ name, config }) => (await host.addServer(name, config), ok),
    'servers.getConfig': async ({ name }) => {
      const config = (await userServersDocument(host)).mcpServers?.[name];
      if (!config) throw new UserError(`"${name}" is not one of your servers (built-in servers cannot be edited).`, 'not_found');
      return { config: maskServer(config) };
    },
    'servers.update': async ({ name, config }) => {
      const previous = (await userServersDocument(host)).mcpServers?.[name];
      await host.updateServer(name, restoreServer(config, previous));
      return ok;
    },
    'servers.remove': async ({ name }) => (await host.removeServer(name), ok),
    'servers.configText': async () => ({ text: maskDocument(await host.readConfigText()), path: host.configPath() }),
    'servers.saveConfigText': async ({ text }) => {
      const toSave = restoreDocument(text, await host.readConfigText());
      const { problems } = await host.writeConfigText(toSave);
      // The host refuses unusable files; problems in single entries are saved and reported.
      return { saved: (await host.readConfigText()) === toSave, problems };
    },
    'servers.importSources': async () => ({ sources: await host.importSources() }),
    'servers.importPlan': async ({ path, inputs }) => host.planImport(path, inputs),
    'servers.import': async ({ path, inputs }) => host.importServers(path, inputs),
    'servers.tools': async ({ name }) => ({ tools: host.tools(name) }),
    'servers.resources': async ({ name }) => ({ resources: host.resources(name) }),
    'servers.prompts': async ({ name }) => ({ prompts: host.prompts(name) }),
    'servers.logs': async ({ name, limit }) => ({ lines: host.logs(name, limit) }),
    'servers.callTool': async ({ server, tool, args, callId }) => host.callTool(server, tool, args, { callId }),
    'servers.cancelCall': async ({ callId }) => ({ cancelled: host.cancelCall(callId) }),
    'servers.readResource': async ({ server, uri }) => host.readResource(server, uri),
    'servers.resourceTemplates': async ({ server }) => host.listResourceTemplates(server),
    'servers.complete': async ({ server, ref, argument, context }) => host.complete(server, ref, argument, context),
    'servers.getPrompt': async ({ server, name, args }) => host.getPrompt(server, name, args),
    'servers.subscribe': async ({ server, uri }) => {
      await host.subscribe(server, uri);
      return ok;
    },
    'servers.unsubscribe': async ({ server, uri }) => {
      await host.unsubscribe(server, uri);
      return ok;
    },
    'servers.history': async ({ server, afterSeq }) => ({ entries: host.history(server, afterSeq) }),
    'servers.clearHistory': async ({ server }) => {
      host.clearHistory(server);
      return ok;
    },
    'servers.signIn': async ({ name }) => {
      await host.signIn(name);
      return ok;
    },
    'servers.signOut': async ({ name }) => {
      await host.signOut(name);
      return ok;
    },
    'servers.clientRequests': async () => ({ requests: host.pendingClientRequests() }),
    'servers.answerClientRequest': async ({ id, answer }) => {
      host.answerClientRequest(id, answer);
      return ok;
    },
    'servers.setSamplingPolicy': async ({ server, policy }) => {
      await host.setSamplingPolicy(server, policy);
      return ok;
    },
  };
}

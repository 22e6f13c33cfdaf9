import pkg from '../../package.json';

export const APP_VERSION: string = pkg.version;
export const MCP_SDK_VERSION: string = pkg.dependencies['@modelcontextprotocol/sdk'];

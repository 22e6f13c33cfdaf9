/** The Reconcile workspace service (plain Node; never imports electron). */
export { WorkspaceService, RECON_SERVER, aliasFromName, explainSourceError, workspaceMappings, type ReadInput, type ServiceEvents } from './service';

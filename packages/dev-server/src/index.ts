export { lookupContentType } from './content-type.js';
export { maxRequestTargetLength, parseRequestTarget } from './request-target.js';
export type {
  RequestFileFailure,
  RequestFileOptions,
  RequestFileReason,
  RequestFileResult,
  RequestFileSuccess,
} from './resolve-request-file.js';
export { resolveRequestFile } from './resolve-request-file.js';
export type { ResolvedStaticServerOptions, StaticServerOptions } from './static-server.js';
export { createStaticServer, resolveStaticServerOptions } from './static-server.js';
export { createDevServer, internalPrefix } from './dev-server.js';
export type { DevServer, DevServerOptions } from './dev-server.js';
export { ReloadChannel, reloadClientScript } from './live-reload.js';
export type { ReloadEvent } from './live-reload.js';
export { sendStatus, serveResolvedFile } from './static-server.js';
export type { ServeFileOptions } from './static-server.js';
export { startDevSession } from './dev-session.js';
export { isAllowedHost } from './allowed-host.js';
export { createPreviewServer } from './preview-server.js';
export type { PreviewServer, PreviewServerOptions } from './preview-server.js';
export type { DevSession, DevSessionOptions } from './dev-session.js';

export { escapeHtml } from './escape-html.js';
export { serializeJsonForScript } from './serialize-json-for-script.js';

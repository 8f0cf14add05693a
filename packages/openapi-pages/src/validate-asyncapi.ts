import { formatJsonPath, type DocsgenMessage } from '@docsgen/config';
import { didYouMean } from '@docsgen/util/did-you-mean';
import type { LoadedSpec } from './load-spec.js';
import { createSpecMessage } from './message.js';
import { isRecord, own, type DocumentPath } from './pointer.js';

const topLevelKeys: Record<'2' | '3', string[]> = {
  '2': ['asyncapi', 'id', 'info', 'servers', 'defaultContentType', 'channels', 'components', 'tags', 'externalDocs'],
  '3': ['asyncapi', 'id', 'info', 'servers', 'defaultContentType', 'channels', 'operations', 'components'],
};

/**
 * Structural check of an AsyncAPI 2.x or 3.0 document: the fields page generation relies on,
 * with their types, and unknown top-level keys. Lighter than the official schemas (docsgen does
 * not ship a full AsyncAPI validator); what it checks is what would break the pages.
 */
export function validateAsyncApiDocument(spec: LoadedSpec): DocsgenMessage[] {
  const major = spec.version?.startsWith('3.') ? '3' : '2';
  const name = `AsyncAPI ${spec.version ?? ''}`.trim();
  const messages: DocsgenMessage[] = [];
  const root = spec.value;

  const report = (path: DocumentPath, reason: string, options?: { key?: boolean; fatal?: boolean; note?: string }) => {
    messages.push(
      createSpecMessage(
        { reason: `${reason} (${name})`, ruleId: 'spec-invalid', fatal: options?.fatal ?? true, note: options?.note },
        spec.locate(spec.file, path, { key: options?.key === true }) ?? spec.locate(spec.file, path.slice(0, -1)) ?? { file: spec.file },
      ),
    );
  };
  const where = (path: DocumentPath) => formatJsonPath(path) || 'the top level';
  const expectObject = (value: unknown, path: DocumentPath): value is Record<string, unknown> => {
    if (isRecord(value)) return true;
    report(path, `Unexpected ${describe(value)} in \`${where(path)}\`, expected an object`);
    return false;
  };
  const requireString = (parent: Record<string, unknown>, key: string, path: DocumentPath) => {
    const value = own(parent, key);
    if (value === undefined) report(path, `Missing key \`${key}\` in \`${where(path)}\``);
    else if (typeof value !== 'string') report([...path, key], `Unexpected ${describe(value)} in \`${where([...path, key])}\`, expected a string`);
  };
  const optionalObjectMap = (parent: Record<string, unknown>, key: string, path: DocumentPath, check: (item: Record<string, unknown>, itemPath: DocumentPath) => void) => {
    const value = own(parent, key);
    if (value === undefined || !expectObject(value, [...path, key])) return;
    for (const [itemKey, item] of Object.entries(value)) {
      const itemPath = [...path, key, itemKey];
      if (isRecord(item) && typeof item.$ref === 'string') continue;
      if (expectObject(item, itemPath)) check(item, itemPath);
    }
  };

  if (!expectObject(root, [])) return messages;
  for (const key of Object.keys(root)) {
    if (key.startsWith('x-') || topLevelKeys[major].includes(key)) continue;
    report([key], `Unexpected key \`${key}\` at the top level`, { key: true, note: didYouMean(key, topLevelKeys[major]) });
  }
  const info = own(root, 'info');
  if (info === undefined) report([], 'Missing key `info` at the top level');
  else if (expectObject(info, ['info'])) {
    requireString(info, 'title', ['info']);
    requireString(info, 'version', ['info']);
  }

  optionalObjectMap(root, 'servers', [], (server, path) => {
    if (major === '2') requireString(server, 'url', path);
    else requireString(server, 'host', path);
    requireString(server, 'protocol', path);
  });

  if (major === '2') {
    if (own(root, 'channels') === undefined) report([], 'Missing key `channels` at the top level');
    optionalObjectMap(root, 'channels', [], (channel, path) => {
      for (const action of ['publish', 'subscribe']) {
        const operation = own(channel, action);
        if (operation !== undefined && expectObject(operation, [...path, action])) {
          const message = own(operation, 'message');
          if (message !== undefined) expectObject(message, [...path, action, 'message']);
        }
      }
    });
  } else {
    optionalObjectMap(root, 'channels', [], (channel, path) => {
      const address = own(channel, 'address');
      if (address !== undefined && address !== null && typeof address !== 'string') {
        report([...path, 'address'], `Unexpected ${describe(address)} in \`${where([...path, 'address'])}\`, expected a string or null`);
      }
      const messagesMap = own(channel, 'messages');
      if (messagesMap !== undefined) expectObject(messagesMap, [...path, 'messages']);
    });
    optionalObjectMap(root, 'operations', [], (operation, path) => {
      const action = own(operation, 'action');
      if (action === undefined) report(path, `Missing key \`action\` in \`${where(path)}\``);
      else if (action !== 'send' && action !== 'receive') {
        report([...path, 'action'], `Unexpected value in \`${where([...path, 'action'])}\`, expected \`send\` or \`receive\``, {
          note: typeof action === 'string' ? didYouMean(action, ['send', 'receive']) : undefined,
        });
      }
      const channel = own(operation, 'channel');
      if (channel === undefined) report(path, `Missing key \`channel\` in \`${where(path)}\``);
      else if (!isRecord(channel) || typeof channel.$ref !== 'string') {
        report([...path, 'channel'], `Unexpected ${describe(channel)} in \`${where([...path, 'channel'])}\`, expected a \`$ref\` to a channel`);
      }
      const list = own(operation, 'messages');
      if (list !== undefined && !Array.isArray(list)) {
        report([...path, 'messages'], `Unexpected ${describe(list)} in \`${where([...path, 'messages'])}\`, expected an array of \`$ref\`s`);
      }
    });
  }
  return messages;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

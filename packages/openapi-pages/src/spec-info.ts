import type { DocsgenMessage } from '@docsgen/config';
import { safeUrl } from '@docsgen/util/safe-url';
import type { LoadedSpec } from './load-spec.js';
import { markdownOf } from './markdown-of.js';
import { createSpecMessage } from './message.js';
import type { ApiInfoModel, LinkModel } from './page-model.js';
import type { DocumentPath } from './pointer.js';
import { isRecord, own, text } from './pointer.js';

// What OpenAPI and AsyncAPI specs share at their top level: the `info` object, `externalDocs`
// links, and the warning for a URL that is left out because it is not safe to link to.

/** Reports a URL that `safeUrl` dropped, written at `path` of `file`. */
export type UnsafeUrlReporter = (url: unknown, file: string, path: DocumentPath) => void;

/** A reporter that adds one `spec-url-unsafe` warning per place to `messages`. */
export function createUnsafeUrlReporter(spec: Pick<LoadedSpec, 'locate'>, messages: DocsgenMessage[]): UnsafeUrlReporter {
  const reported = new Set<string>();
  return (url, file, path) => {
    const key = file + '\0' + path.join('\0');
    if (reported.has(key)) return;
    reported.add(key);
    messages.push(
      createSpecMessage(
        {
          reason: `Unexpected URL \`${String(url).slice(0, 200)}\`, expected an http(s) or mailto URL`,
          ruleId: 'spec-url-unsafe',
          fatal: false,
          note: 'The URL is left out of the pages.',
          actual: String(url),
        },
        spec.locate(file, path) ?? { file },
      ),
    );
  };
}

/** `safeUrl` of a link written at `path`, reporting it when it is dropped; `undefined` when absent. */
export function checkLinkUrl(value: unknown, file: string, path: DocumentPath, report: UnsafeUrlReporter): string | undefined {
  if (value === undefined) return undefined;
  const url = safeUrl(value);
  if (!url) report(value, file, path);
  return url;
}

/** `{url, description}` of an `externalDocs` object, when its URL is safe. */
export function readExternalDocs(value: unknown, file: string, path: DocumentPath, report: UnsafeUrlReporter): LinkModel | undefined {
  if (!isRecord(value)) return undefined;
  const url = checkLinkUrl(value.url, file, [...path, 'url'], report);
  return url ? { url, description: markdownOf(value.description) } : undefined;
}

/**
 * The overview of a spec: `info` (title, version, description, terms, contact, licence) and
 * the top-level `externalDocs`, with every URL checked.
 *
 * @param descriptionFallback
 *   An `info` field shown when `info.description` is absent (OpenAPI 3.1's `summary`).
 */
export function readApiInfo(spec: Pick<LoadedSpec, 'file' | 'value'>, report: UnsafeUrlReporter, descriptionFallback?: 'summary'): ApiInfoModel {
  const root = isRecord(spec.value) ? spec.value : {};
  const info = isRecord(root.info) ? root.info : {};
  const file = spec.file;
  const contact = isRecord(info.contact)
    ? { name: text(info.contact.name), email: text(info.contact.email), url: checkLinkUrl(info.contact.url, file, ['info', 'contact', 'url'], report) }
    : undefined;
  const license = isRecord(info.license) ? { name: text(info.license.name), url: checkLinkUrl(info.license.url, file, ['info', 'license', 'url'], report) } : undefined;
  return {
    title: typeof info.title === 'string' ? info.title : '',
    version: typeof info.version === 'string' ? info.version : '',
    description: markdownOf(info.description ?? (descriptionFallback ? own(info, descriptionFallback) : undefined)),
    termsOfService: checkLinkUrl(info.termsOfService, file, ['info', 'termsOfService'], report),
    contact,
    license,
    externalDocs: readExternalDocs(root.externalDocs, file, ['externalDocs'], report),
  };
}

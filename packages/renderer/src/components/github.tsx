/** @jsxRuntime automatic @jsxImportSource preact */
import { Icon } from './icon.js';
import { useRenderContext } from '../render-context.js';
import { parseText, rootAttributes, type PassThroughProps } from '../props.js';

export interface GitHubRepoProps extends PassThroughProps {
  /** The repository: an `owner/name` slug or a `https://github.com/owner/name` URL (required). */
  repo?: string;
  /** Card layout: `inset` (details on a rounded inner surface) or `flat` (default: `inset`). */
  variant?: string;
}

// GitHub's own limits: owners are 1-39 letters, digits and dashes; names letters, digits, `.`, `_`, `-`.
const slugPattern = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/;

/**
 * The `owner/name` of a `repo` prop: a slug, or a github.com URL (with or without `www.`,
 * `.git`, a trailing path, query or fragment). `undefined` for anything else.
 */
export function parseGitHubRepo(value: unknown): { owner: string; name: string } | undefined {
  const text = parseText(value)?.trim();
  if (!text) return undefined;
  const url = /^https?:\/\/(?:www\.)?github\.com\/([^/?#]+)\/([^/?#]+)(?:[/?#].*)?$/i.exec(text);
  const slug = url ? `${url[1]}/${url[2]!.replace(/\.git$/i, '')}` : text;
  const match = slugPattern.exec(slug);
  if (!match || match[2] === '.' || match[2] === '..') return undefined;
  return { owner: match[1]!, name: match[2]! };
}

/**
 * A card linking to a public GitHub repository. The server draws the owner, name and link;
 * `github-repo.js` (loaded by `client.js` when a card is on the page) fills in the
 * description, stars and forks from GitHub's public API, and the card stays a working link
 * when that request fails. A `repo` that is no repository draws nothing and reports
 * `github-repo-invalid`. Markdown mode: a link.
 */
function GitHubRepo(props: GitHubRepoProps) {
  const context = useRenderContext();
  const repo = parseGitHubRepo(props.repo);
  if (!repo) {
    context.onMessage({
      reason: `Unexpected \`repo\` \`${parseText(props.repo) ?? ''}\` of \`<GitHub.Repo>\`, expected \`owner/name\` or a github.com repository URL`,
      ruleId: 'github-repo-invalid',
      source: '@docsgen/renderer',
      fatal: false,
      actual: parseText(props.repo) ?? '',
      note: 'Write the repository as `owner/name`, for example `repo="mintlify/docs"`.',
    });
    return null;
  }
  const slug = `${repo.owner}/${repo.name}`;
  const href = `https://github.com/${slug}`;
  if (context.mode === 'markdown') {
    return (
      <p>
        <a href={href}>{slug}</a>
      </p>
    );
  }
  const variant = parseText(props.variant) === 'flat' ? 'flat' : 'inset';
  const attributes = rootAttributes(props, `dg-github-repo dg-github-repo-${variant}`);
  return (
    <a class={attributes.class} style={attributes.style} href={href} target="_blank" rel="noopener noreferrer" data-github-repo={slug}>
      <span class="dg-github-repo-body">
        <span class="dg-github-repo-head">
          <Icon icon="github" library="fontawesome" class="dg-github-repo-logo" />
          <span class="dg-github-repo-slug">
            <span class="dg-github-repo-owner">{repo.owner}/</span>
            <strong class="dg-github-repo-name">{repo.name}</strong>
          </span>
        </span>
        <span class="dg-github-repo-description" data-github-description hidden />
        <span class="dg-github-repo-stats">
          <span class="dg-github-repo-stat" data-github-stars hidden>
            <Icon icon="star" library="lucide" />
            <span class="dg-github-repo-count" />
            <span class="dg-sr-only"> stars</span>
          </span>
          <span class="dg-github-repo-stat" data-github-forks hidden>
            <Icon icon="git-fork" library="lucide" />
            <span class="dg-github-repo-count" />
            <span class="dg-sr-only"> forks</span>
          </span>
        </span>
      </span>
    </a>
  );
}

/** `GitHub` with its member `GitHub.Repo`, as MDX uses it. */
export const GitHub = Object.assign(
  function GitHubRoot() {
    return null;
  },
  { Repo: GitHubRepo },
);
Object.defineProperty(GitHub, 'name', { value: 'GitHub' });

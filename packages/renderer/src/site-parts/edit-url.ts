// "Edit this page" links (SPEC footer): `editUrl` with `{path}` replaced, else a URL derived
// from `repo`, else from the project's `origin` remote. Pure: the git facts come in as data
// (`loadRepositoryInfo` reads them).

/** What the project's git repository says, for deriving edit links. */
export interface RepositoryInfo {
  /** URL of the `origin` remote as configured (`git@host:owner/repo.git`, `https://…`). */
  remoteUrl?: string | undefined;
  /** Branch edit links point at: the remote's default branch, else the checked-out one. */
  branch?: string | undefined;
  /** Path of the project root inside the repository, `''` or ending in `/` (`docs/`). */
  prefix?: string | undefined;
}

export interface EditUrlInput {
  /** `footer.editUrl`: a template; `{path}` becomes the page file's path. */
  editUrl?: string | null | undefined;
  /** `footer.repo`: the repository's web URL, optionally with `/tree/<branch>/<folder>`. */
  repo?: string | null | undefined;
  /** The page file, relative to the project root, with `/` separators (`guides/setup.mdx`). */
  relativePath: string;
  /** The project's git facts (default: none, so no link without `editUrl` or `repo`). */
  repository?: RepositoryInfo | null | undefined;
}

interface ParsedRepo {
  /** `https://host/owner/repo` without `.git`. */
  base: string;
  host: string;
  branch?: string | undefined;
  /** Folder given after the branch, `''` or ending in `/`. */
  folder?: string | undefined;
}

/**
 * The edit URL of one page, or `undefined` when neither `editUrl`, `repo` nor an `origin`
 * remote gives one. The result is not yet checked for a safe scheme.
 */
export function resolveEditUrl(input: EditUrlInput): string | undefined {
  const path = encodePath(input.relativePath.replace(/\\/g, '/').replace(/^\/+/, ''));
  if (typeof input.editUrl === 'string' && input.editUrl.trim() !== '') {
    const template = input.editUrl.trim();
    // A template without `{path}` is read as the folder the page files live in.
    return template.includes('{path}') ? template.split('{path}').join(path) : `${template.replace(/\/+$/, '')}/${path}`;
  }
  const origin = input.repository?.remoteUrl ? parseRepoUrl(input.repository.remoteUrl) : undefined;
  const configured = typeof input.repo === 'string' && input.repo.trim() !== '' ? parseRepoUrl(input.repo) : undefined;
  const repo = configured ?? origin;
  if (!repo) return undefined;
  // The git prefix (where the project sits in its repository) only applies to the same repository.
  const sameRepo = origin !== undefined && origin.base.toLowerCase() === repo.base.toLowerCase();
  const branch = repo.branch ?? (sameRepo ? input.repository?.branch : undefined) ?? 'main';
  const folder = repo.folder ?? (sameRepo ? encodePath(input.repository?.prefix ?? '') : '');
  return editLink(repo, branch, `${folder}${path}`);
}

/** `https://host/owner/repo[/tree/branch/folder]`, `git@host:owner/repo.git` or `ssh://…`. */
function parseRepoUrl(raw: string): ParsedRepo | undefined {
  let text = raw.trim();
  if (!text.includes('://')) {
    // scp-like syntax of git remotes: `git@github.com:owner/repo.git`.
    const scp = /^(?:[\w.-]+@)?([\w-]+(?:\.[\w-]+)+):\/?(.+)$/.exec(text);
    if (!scp) return undefined;
    text = `https://${scp[1]}/${scp[2]}`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (!['http:', 'https:', 'ssh:', 'git:'].includes(url.protocol)) return undefined;
  const segments = url.pathname.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
  const host = url.hostname.toLowerCase();
  // GitLab groups nest (`group/sub/repo`); everything before `/-/` is the project.
  const dash = segments.indexOf('-');
  const marker = segments.findIndex((segment, index) => index >= 2 && (segment === 'tree' || segment === 'blob' || segment === 'src'));
  const end = dash >= 2 ? dash : marker >= 2 ? marker : segments.length;
  const project = segments.slice(0, end);
  if (project.length < 2) return undefined;
  project[project.length - 1] = project[project.length - 1]!.replace(/\.git$/, '');
  const rest = segments.slice(dash >= 2 ? dash + 1 : end);
  let branch: string | undefined;
  let folder: string | undefined;
  if (rest[0] === 'tree' || rest[0] === 'blob' || rest[0] === 'src') {
    branch = rest[1];
    folder = rest.slice(2).map((segment) => `${encodeURIComponent(segment)}/`).join('');
  }
  return { base: `https://${host}${url.port ? `:${url.port}` : ''}/${project.map(encodeURIComponent).join('/')}`, host, branch, folder };
}

function editLink(repo: ParsedRepo, branch: string, path: string): string {
  const ref = encodeURIComponent(branch);
  if (repo.host === 'bitbucket.org') return `${repo.base}/src/${ref}/${path}?mode=edit`;
  if (repo.host.includes('gitlab')) return `${repo.base}/-/edit/${ref}/${path}`;
  if (repo.host === 'codeberg.org' || repo.host.includes('gitea') || repo.host.includes('forgejo')) return `${repo.base}/_edit/${ref}/${path}`;
  // GitHub and GitHub Enterprise hosts.
  return `${repo.base}/edit/${ref}/${path}`;
}

function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

// The site's own labels in English: the reference table. Every other table has exactly these
// keys (a test checks it). `{name}` in a value is replaced by `formatUiString`.

/** English labels, also the fallback for a language without its own table. */
export const en = {
  // Page frame
  skipToContent: 'Skip to content',
  search: 'Search…',
  searchLabel: 'Search the documentation',
  openNavigation: 'Open navigation',
  closeNavigation: 'Close navigation',
  navigation: 'Navigation',
  sections: 'Sections',
  version: 'Version',
  language: 'Language',
  darkMode: 'Dark mode',
  getStarted: 'Get started',
  onThisPage: 'On this page',
  contents: 'Contents',
  breadcrumbs: 'Breadcrumbs',
  minutesRead: '{minutes} min read',
  previous: 'Previous',
  next: 'Next',
  pager: 'Previous and next pages',
  linkToSection: 'Link to this section',
  tags: 'Tags',
  // Content components
  copy: 'Copy',
  copyCode: 'Copy code',
  copied: 'Copied',
  copiedToClipboard: 'Copied to clipboard',
  couldNotCopy: 'Could not copy',
  showMore: 'Show more',
  showLess: 'Show less',
  chooseTab: 'Choose a tab',
  view: 'View',
  // Footer and feedback
  lastUpdated: 'Last updated',
  editPage: 'Edit this page',
  footer: 'Footer',
  socialLinks: 'Social links',
  wasThisHelpful: 'Was this page helpful?',
  yes: 'Yes',
  no: 'No',
  // Not-found page
  notFoundTitle: 'Page not found',
  notFoundText: 'There is no page at this address.',
  notFoundSuggestions: 'Were you looking for one of these pages?',
  goHome: 'Go to the home page',
  // Search dialog
  searchResults: 'Results',
  searchNoResults: 'No results for “{query}”',
  searchRecent: 'Recent pages',
  searchToSelect: 'to open',
  searchToNavigate: 'to move',
  searchToClose: 'to close',
  close: 'Close',
  // "Copy page" menu
  copyPage: 'Copy page',
  copyPageDescription: 'Copy this page as Markdown for LLMs',
  copyMarkdownLink: 'Copy Markdown link',
  copyMarkdownLinkDescription: 'Copy the URL of the Markdown version',
  viewAsMarkdown: 'View as Markdown',
  viewAsMarkdownDescription: 'Open this page as plain text',
  openIn: 'Open in {name}',
  askAboutPage: 'Ask questions about this page',
  pageActions: 'Page actions',
  morePageActions: 'More page actions',
  pageCopied: 'Page copied as Markdown',
  linkCopied: 'Markdown link copied',
  // Search dialog, "Copy page" menu: more
  searchClose: 'Close search',
  searchSuggested: 'Pages',
  searchMatches: '{count} matching pages',
  searchMatchesOne: '1 matching page',
  searchMore: 'Show more results ({count} more)',
  searchUnavailable: 'Search is unavailable: {message}',
  copyMcpUrl: 'Copy MCP server URL',
  copyMcpUrlDescription: 'Copy the URL of this site’s MCP server',
  copyMcpCommand: 'Copy MCP install command',
  copyMcpCommandDescription: 'Copy the npx add-mcp command',
  connectTo: 'Connect to {name}',
  connectDescription: 'Install this site’s MCP server',
  downloadSpec: 'Download API spec',
  downloadSpecDescription: 'Download the OpenAPI specification of this page',
  mcpCopied: 'MCP server URL copied',
  commandCopied: 'Install command copied',
} as const;

/** A key of the labels table. */
export type UiStringKey = keyof typeof en;

/** One language's labels: every key of the English table. */
export type UiStrings = Readonly<Record<UiStringKey, string>>;

import type { ComponentType } from 'preact';
import { OpenApiEndpoint } from './api/openapi-endpoint.js';
import { OpenApiViewerA, OpenApiViewerB, OpenApiViewerC } from './api/viewers.js';
import { Accordion, AccordionGroup, Expandable } from './components/accordion.js';
import { Badge } from './components/badge.js';
import { Callout, Check, Danger, Info, Note, Tip, Warning } from './components/callout.js';
import { Card } from './components/card.js';
import { CodeBlock } from './components/code-block.js';
import { CodeGroup, RequestExample, ResponseExample } from './components/code-group.js';
import { Color } from './components/color.js';
import { CardGroup, Column, Columns } from './components/columns.js';
import { Latex, Mermaid, UnknownComponent } from './components/diagram.js';
import { ParamField, ResponseField } from './components/field.js';
import { Frame, Panel } from './components/frame.js';
import { GitHub } from './components/github.js';
import { a, h1, h2, h3, h4, h5, h6, Heading, img } from './components/html-elements.js';
import { Icon } from './components/icon.js';
import { Prompt } from './components/prompt.js';
import { Step, Steps } from './components/steps.js';
import { Tab, Tabs } from './components/tabs.js';
import { Tile } from './components/tile.js';
import { Tooltip } from './components/tooltip.js';
import { Tree } from './components/tree.js';
import { Update } from './components/update.js';
import { View } from './components/view.js';
import { Visibility } from './components/visibility.js';

/**
 * Every built-in component under the name MDX uses for it: the content components, the
 * `Tree`, `Color` and `GitHub` objects (with `.Folder`/`.File`, `.Row`/`.Item` and `.Repo`
 * members),
 * `FileTree` (alias of `Tree`), `UnknownComponent`, and the `h1`–`h6`, `a` and `img`
 * elements.
 */
export const builtinComponents: Record<string, ComponentType<any>> = {
  Accordion,
  AccordionGroup,
  Badge,
  Callout,
  Card,
  CardGroup,
  Check,
  CodeBlock,
  CodeGroup,
  Color,
  Column,
  Columns,
  Danger,
  Expandable,
  FileTree: Tree,
  Frame,
  GitHub,
  Heading,
  Icon,
  Info,
  Latex,
  Mermaid,
  Note,
  OpenApiEndpoint,
  OpenApiViewerA,
  OpenApiViewerB,
  OpenApiViewerC,
  Panel,
  ParamField,
  Prompt,
  RequestExample,
  ResponseExample,
  ResponseField,
  Step,
  Steps,
  Tab,
  Tabs,
  Tile,
  Tip,
  Tooltip,
  Tree,
  UnknownComponent,
  Update,
  View,
  Visibility,
  Warning,
  a,
  h1,
  h2,
  h3,
  h4,
  h5,
  h6,
  img,
};

/**
 * Capitalised component names an author may use without importing them, sorted. Members
 * (`Tree.Folder`, `Color.Item`) are reached through their parent. `UnknownComponent` is not
 * listed: the pipeline renames unknown tags to it, authors do not write it.
 */
export const builtinComponentNames: string[] = Object.keys(builtinComponents)
  .filter((name) => /^[A-Z]/.test(name) && name !== 'UnknownComponent')
  .sort();

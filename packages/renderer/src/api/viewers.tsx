// PLACEHOLDER: replaced by the embeddable viewers (issue 6).
/** `<OpenApiViewerA spec method path>`: viewer-a. */
export function OpenApiViewerA(_props: Record<string, unknown>) {
  return null;
}
/** `<OpenApiViewerB spec method path>`: viewer-b. */
export function OpenApiViewerB(_props: Record<string, unknown>) {
  return null;
}
/** `<OpenApiViewerC spec method path>`: viewer-c. */
export function OpenApiViewerC(_props: Record<string, unknown>) {
  return null;
}

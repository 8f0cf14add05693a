// PLACEHOLDER: replaced by the API view (issue 6).
/** `<OpenApiEndpoint spec method path baseUrl authMethod authName>`. */
export function OpenApiEndpoint(_props: Record<string, unknown>) {
  return null;
}

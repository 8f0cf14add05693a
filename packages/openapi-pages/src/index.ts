export { buildAsyncApiPages } from './asyncapi-pages.js';
export type { AsyncApiPageModel, AsyncApiPages, AsyncMessageModel, AsyncServerModel } from './asyncapi-pages.js';
export { bindingFromRoot, checkSpecs } from './check-specs.js';
export type { CheckSpecsOptions, CheckedSpec, ConfigPath, FrontmatterBinding } from './check-specs.js';
export { generateCodeSamples } from './code-samples.js';
export type { CodeSampleOptions } from './code-samples.js';
export { sampleCredentials } from './sample-credentials.js';
export type { SampleCredentials } from './sample-credentials.js';
export { generateExample, maxExampleValues } from './example.js';
export type { ExampleDirection, GenerateExampleOptions } from './example.js';
export type { OperationLabelInput } from './label-operation.js';
export { labelOperation, untitledOperationLabel } from './label-operation.js';
export { loadSpec, maxSpecFiles } from './load-spec.js';
export type { LoadSpecOptions, LoadedSpec, ResolvedRef } from './load-spec.js';
export { safeLinkProtocols, safeUrl } from '@docsgen/util/safe-url';
export type { SafeUrlOptions } from '@docsgen/util/safe-url';
export { buildOpenApiPages, httpMethods } from './openapi-pages.js';
export type { ApiPages, BuildApiPagesOptions } from './openapi-pages.js';
export { operationDocument } from './operation-document.js';
export { checkOperationReferences, createOperationLookup, parseOperationReference } from './operation-lookup.js';
export type { OperationLookup, OperationReference, OperationReferenceSite } from './operation-lookup.js';
export type {
  ApiGroupModel,
  ApiInfoModel,
  ApiPageModel,
  CodeSampleModel,
  ExampleModel,
  LinkModel,
  MediaModel,
  ParameterModel,
  ResponseModel,
  SecurityRequirementModel,
  SecuritySchemeModel,
  ServerModel,
} from './page-model.js';
export { maxSpecFileSize } from './project-files.js';
export type { PropertyModel, SchemaModel, VariantModel } from './schema-model.js';
export { slugifySegment } from './slug.js';
export type { SourceDocument } from './source-document.js';
export { maxSpecDepth } from './source-document.js';

export type { OperationLabelInput } from './label-operation.js';
export { labelOperation, untitledOperationLabel } from './label-operation.js';

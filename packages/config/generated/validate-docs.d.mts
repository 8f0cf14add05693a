// Types of the ahead-of-time validator that scripts/generate.mjs writes beside this file.
/** `true` when `data` is a valid docs.json (after includes); errors are not needed from it. */
export declare function validate(data: unknown): boolean;

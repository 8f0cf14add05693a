/** @jsxRuntime automatic @jsxImportSource preact */
// The fields of the try-it form (src/api/playground.tsx): labelled inputs and menus, the
// credential fields, and the values they start with. Spec text reaches them only as escaped
// text and attribute values.
import type { ParameterModel, SchemaModel } from '@docsgen/openapi-pages';
import type { PlaygroundSettings } from './types.js';

export function Credentials(props: { auth: PlaygroundSettings['auth']; id: (name: string) => string }) {
  const { auth, id } = props;
  if (auth.method === 'none') return null;
  return (
    <fieldset class="dg-playground-group dg-playground-auth" data-dg-playground-auth={auth.method}>
      <legend>Authorization</legend>
      {auth.method === 'bearer' && <Field id={id('token')} label="Bearer token" name="auth.token" type="password" autocomplete="off" />}
      {auth.method === 'basic' && (
        <>
          <Field id={id('user')} label="Username" name="auth.username" autocomplete="off" />
          <Field id={id('password')} label="Password" name="auth.password" type="password" autocomplete="off" />
        </>
      )}
      {auth.method === 'key' && <Field id={id('key')} label={auth.name ?? 'API key'} name="auth.key" type="password" autocomplete="off" />}
      <p class="dg-playground-note">Kept in this browser only and sent only to the documented API.</p>
    </fieldset>
  );
}

export function Required() {
  return (
    <span class="dg-playground-required" title="required">
      {' '}
      *<span class="dg-sr-only"> (required)</span>
    </span>
  );
}

export function Field(props: {
  id: string;
  label: string;
  name: string;
  value?: string | undefined;
  choices?: string[] | undefined;
  isRequired?: boolean | undefined;
  type?: string | undefined;
  autocomplete?: string | undefined;
  placeholder?: string | undefined;
}) {
  return (
    <p class="dg-playground-field">
      <label for={props.id}>
        {props.label}
        {props.isRequired && <Required />}
      </label>
      {props.choices ? (
        <select id={props.id} name={props.name} required={props.isRequired}>
          {!props.isRequired && <option value="">—</option>}
          {props.choices.map((choice) => (
            <option value={choice} selected={choice === props.value}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <input id={props.id} name={props.name} type={props.type ?? 'text'} value={props.value ?? ''} placeholder={props.placeholder} required={props.isRequired} autocomplete={props.autocomplete} step={props.type === 'number' ? 'any' : undefined} />
      )}
    </p>
  );
}

/**
 * What a field starts with: its schema's `default` (what the API assumes anyway) and, with
 * `prefill`, its example; an example not filled in is the field's placeholder.
 */
export function initialValue(parameter: ParameterModel, prefill: boolean): { value: string; placeholder: string | undefined } {
  return startingValue(parameter.example?.value ?? parameter.schema?.example?.value, parameter.schema?.default?.value, prefill);
}

export function startingValue(example: unknown, fallback: unknown, prefill: boolean): { value: string; placeholder: string | undefined } {
  const value = textOf(prefill ? (example ?? fallback) : fallback);
  const hint = textOf(example ?? fallback);
  return { value, placeholder: value === '' && hint !== '' ? hint : undefined };
}

export function choicesOf(schema: SchemaModel | undefined): string[] | undefined {
  const values = schema?.enum ?? (schema?.types.includes('boolean') ? [true, false] : undefined);
  return values && values.length > 0 ? values.map(textOf) : undefined;
}

export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(textOf).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

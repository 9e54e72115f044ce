import { GRAPHQL_ENUMS, translate, type GraphqlEnumName, type Locale, type MessageKey } from '@ruedas/domain';

/**
 * GraphQL's own refusals of a request's variables (graphql-js's English sentences, such as
 * `Variable "$input" got invalid value "PICKUP" at "input.style"; Value "PICKUP" does not exist in
 * "Style" enum.`), read into the field they name and the rule it broke, so the REST facade answers
 * them as the services' validation errors: `fields` of translated message keys (issue 32 item 7).
 */

export interface InputProblem {
  /** The field as the REST body names it: `style`, `phoneList.0.phone`, `plan.planLevel`. */
  field: string;
  key: MessageKey;
  params?: Record<string, string>;
}

const GOT_INVALID = /^Variable "\$(\w+)" got invalid value [\s\S]*?(?: at "([^"]+)")?; ([\s\S]*)$/;
const NOT_GIVEN = /^Variable "\$(\w+)" of (?:required|non-null) type "[^"]+" (?:was not provided|must not be null)\.$/;

/** `input.phoneList[0].phone` of variable `input` → `phoneList.0.phone` (the variable named `input` is the body itself). */
function fieldOf(variable: string, path: string | undefined, child?: string): string {
  const segments = (path ?? variable).replace(/\[(\d+)\]/g, '.$1').split('.');
  if (variable === 'input' && segments[0] === 'input' && (segments.length > 1 || child)) segments.shift();
  if (child) segments.push(child);
  return segments.join('.');
}

/** The API names of an enum's accepted values (its deprecated spellings left out). */
function enumValues(name: string): string | null {
  const entry = (GRAPHQL_ENUMS as Record<string, (typeof GRAPHQL_ENUMS)[GraphqlEnumName] | undefined>)[name];
  return entry ? Object.keys(entry.values).join(', ') : null;
}

/** The field and rule of one graphql-js refusal of a variable; null for any other error. */
export function inputProblemOf(message: string): InputProblem | null {
  const missing = NOT_GIVEN.exec(message);
  if (missing) return { field: missing[1]!, key: 'required' };
  const invalid = GOT_INVALID.exec(message);
  if (!invalid) return null;
  const [, variable = '', path, reason = ''] = invalid;
  const child = /^Field "(\w+)" of required type "[^"]+" was not provided/.exec(reason) ?? /^Field "(\w+)" is not defined by type/.exec(reason);
  if (child) return { field: fieldOf(variable, path, child[1]), key: reason.includes('is not defined') ? 'unknownField' : 'required' };
  const field = fieldOf(variable, path);
  const choice = /does not exist in "(\w+)" enum/.exec(reason) ?? /^Enum "(\w+)" cannot represent/.exec(reason);
  if (choice) {
    const values = enumValues(choice[1]!);
    return values ? { field, key: 'invalidChoice', params: { values } } : { field, key: 'invalidValue' };
  }
  if (/^Expected non-nullable type/.test(reason)) return { field, key: 'required' };
  if (/^Expected type "\w+" to be an object/.test(reason)) return { field, key: 'mustBeObject' };
  if (/^Int cannot represent/.test(reason)) return { field, key: 'mustBeWholeNumber' };
  if (/^Float cannot represent/.test(reason)) return { field, key: 'mustBeNumber' };
  if (/^(String|ID) cannot represent/.test(reason)) return { field, key: 'mustBeText' };
  if (/^Boolean cannot represent/.test(reason)) return { field, key: 'mustBeTrueOrFalse' };
  return { field, key: 'invalidValue' };
}

/** The `fields` of a VALIDATION answer for graphql-js's refusals, in `locale`; null when none is such a refusal. */
export function inputProblemFields(messages: readonly string[], locale: Locale): Record<string, { messageKey: string; message: string }> | null {
  const fields: Record<string, { messageKey: string; message: string }> = {};
  for (const message of messages) {
    const problem = inputProblemOf(message);
    if (problem && !fields[problem.field]) fields[problem.field] = { messageKey: problem.key, message: translate(problem.key, locale, problem.params) };
  }
  return Object.keys(fields).length ? fields : null;
}

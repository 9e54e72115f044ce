import { describe, expect, it } from 'vitest';
import { inputProblemOf } from '../src/rest/input-errors';

// graphql-js's refusals of variables, as the REST facade reads them (issue 32 item 7).
describe('inputProblemOf', () => {
  it.each([
    ['Variable "$input" got invalid value "PICKUP" at "input.style"; Value "PICKUP" does not exist in "Style" enum.', 'style', 'invalidChoice'],
    ['Variable "$input" got invalid value "abc" at "input.year"; Int cannot represent non-integer value: "abc"', 'year', 'mustBeWholeNumber'],
    ['Variable "$input" got invalid value 5 at "input.phoneList[0].phone"; String cannot represent a non string value: 5', 'phoneList.0.phone', 'mustBeText'],
    ['Variable "$input" got invalid value { foo: 1 }; Field "foo" is not defined by type "ProfileInput".', 'foo', 'unknownField'],
    ['Variable "$input" got invalid value {} at "input.user"; Field "email" of required type "String!" was not provided.', 'user.email', 'required'],
    ['Variable "$input" of required type "ProfileInput!" was not provided.', 'input', 'required'],
    [
      'Variable "$plan" got invalid value "x" at "plan.totalOpportunities"; Int cannot represent non-integer value: "x"',
      'plan.totalOpportunities',
      'mustBeWholeNumber',
    ],
    ['Variable "$input" got invalid value "x" at "input.payTaxes"; Boolean cannot represent a non boolean value: "x"', 'payTaxes', 'mustBeTrueOrFalse'],
    ['Variable "$input" got invalid value 3 at "input.phoneList"; Expected type "PhoneInput" to be an object.', 'phoneList', 'mustBeObject'],
    ['Variable "$language" got invalid value "fr"; Value "fr" does not exist in "Language" enum.', 'language', 'invalidChoice'],
  ])('%s', (message, field, key) => {
    expect(inputProblemOf(message)).toMatchObject({ field, key });
  });

  it('leaves any other error alone', () => {
    expect(inputProblemOf('Cannot query field "x" on type "Query".')).toBeNull();
  });
});

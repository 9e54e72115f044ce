import { describe, expect, it } from 'vitest';
import { complaintSchema, scamTextMatches, scamTextRules, validate } from '../src';

describe('scamTextMatches: the words behind ADVANCE_PAYMENT_TEXT (issue 31)', () => {
  it('gives one passage per broken rule, folded, and nothing for an honest text', () => {
    const text = 'Estoy fuera del país. Para apartarlo deposite un adelanto por Western Union.';
    const matches = scamTextMatches(text);
    expect(matches.map((match) => match.rule)).toEqual(scamTextRules(text));
    expect(matches.find((match) => match.rule === 'MONEY_TRANSFER_SERVICE')?.words).toBe('western union');
    expect(matches.find((match) => match.rule === 'PAYMENT_FROM_ABROAD')?.words).toBe('estoy fuera del pais');
    expect(scamTextMatches('Único dueño. Acepto SINPE Móvil al firmar el traspaso.')).toEqual([]);
  });
});

describe('complaintSchema: a category plus words (issue 31)', () => {
  it('reads a legacy report as OTHER, needs words only for OTHER, refuses an unknown category', () => {
    const legacy = validate(complaintSchema, { opportunityId: 'ad1', details: 'Fotos falsas' });
    expect(legacy.ok && legacy.data).toEqual({ opportunityId: 'ad1', category: 'OTHER', details: 'Fotos falsas' });
    const sold = validate(complaintSchema, { opportunityId: 'ad1', category: 'ALREADY_SOLD' });
    expect(sold.ok && sold.data).toEqual({ opportunityId: 'ad1', category: 'ALREADY_SOLD', details: '' });
    const empty = validate(complaintSchema, { opportunityId: 'ad1', category: 'OTHER', details: ' ' });
    expect(!empty.ok && empty.errors).toEqual({ details: 'invalidReason' });
    const unknown = validate(complaintSchema, { opportunityId: 'ad1', category: 'NOPE', details: 'x' });
    expect(!unknown.ok && unknown.errors).toEqual({ category: 'invalidComplaintCategory' });
  });
});

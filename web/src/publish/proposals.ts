import { createContext, useContext } from 'react';
import type { AdFormValues } from './rules';

/**
 * What the wizard proposes for a field from the chosen model (issue 31): the value most of that
 * model's public ads have, with how many have it of how many were counted. A proposal is never put
 * into the form by itself: the seller confirms it with a tap, or chooses another value.
 */
export interface Proposal {
  value: string;
  count: number;
  total: number;
}

/** The fields the wizard proposes from the model. */
export const PROPOSED_FIELDS = ['transmissionType', 'fuelType', 'style', 'passengersNumber', 'motorSizeCC'] as const;
export type ProposedField = (typeof PROPOSED_FIELDS)[number];
export type Proposals = Partial<Record<ProposedField, Proposal>>;

/** The fewest ads of the model a proposal rests on. */
export const MIN_PROPOSAL_ADS = 2;

/**
 * The value held by more than half of `counts` (value → ads), or null: fewer than MIN_PROPOSAL_ADS
 * ads, or no majority ("la mayoría de RAV4 son automáticos" must be true).
 */
export function majority(counts: ReadonlyArray<{ value: string; count: number }>): Proposal | null {
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);
  if (total < MIN_PROPOSAL_ADS) return null;
  const top = [...counts].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))[0];
  return top && top.count * 2 > total ? { value: top.value, count: top.count, total } : null;
}

/** Facet key of the search subgraph for each field counted by facets. */
const FACET_OF: Record<Exclude<ProposedField, 'motorSizeCC'>, string> = {
  transmissionType: 'TRANSMISSION_TYPE',
  fuelType: 'FUEL_TYPE',
  style: 'STYLE',
  passengersNumber: 'PASSENGERS_NUMBER',
};

/**
 * The proposals from a search of the model's public ads: the facets for the enumerated fields, the
 * engine sizes of the ads read (0 is "not given" and does not count).
 */
export function proposalsFrom(
  facets: ReadonlyArray<{ key: string; values: ReadonlyArray<{ value: string; count: number }> }>,
  engineSizes: readonly number[],
): Proposals {
  const proposals: Proposals = {};
  for (const [field, key] of Object.entries(FACET_OF) as Array<[Exclude<ProposedField, 'motorSizeCC'>, string]>) {
    const found = majority(facets.find((facet) => facet.key === key)?.values ?? []);
    if (found) proposals[field] = found;
  }
  const sizes = new Map<string, number>();
  for (const cc of engineSizes) if (cc > 0) sizes.set(String(cc), (sizes.get(String(cc)) ?? 0) + 1);
  const engine = majority([...sizes].map(([value, count]) => ({ value, count })));
  if (engine) proposals.motorSizeCC = engine;
  return proposals;
}

/** Whether a field still waits for the seller: empty (a proposal is shown, never filled in). */
export const unconfirmed = (values: AdFormValues, field: ProposedField) => values[field] === '';

/**
 * The source of proposals for a brand and model: the wizard's pages give the search-backed hook
 * (`useModelProposals`); without a provider nothing is proposed (component tests, the fields alone).
 */
export type ProposalSource = (brand: string, model: string) => { model: string; proposals: Proposals } | null;
const noProposals: ProposalSource = () => null;
export const ProposalsContext = createContext<ProposalSource>(noProposals);
export const useProposalSource = () => useContext(ProposalsContext);

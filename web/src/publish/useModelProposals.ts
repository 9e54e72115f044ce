import { useQuery } from '@apollo/client/react';
import { isBrandCode } from '@ruedas/domain';
import { useMemo } from 'react';
import { graphql } from '../../generated/gql';
import { useDebouncedValue } from '../ui/hooks';
import { proposalsFrom, type ProposalSource } from './proposals';

/** The public ads of one model: their facets, and the engine sizes of up to 50 of them. */
export const MODEL_PROFILE = graphql(`
  query ModelProfile($filter: SearchFilterInput!) {
    searchOpportunities(filter: $filter, page: 1, pageSize: 50) {
      totalItems
      facets {
        ...SearchFacetFields
      }
      items {
        id
        motorSizeCC
      }
    }
  }
`);

/** How long the model must stay unchanged before its ads are asked for (typing "RAV4"). */
const SETTLE_MS = 400;

/**
 * The wizard's proposals for the brand and model being described (issue 31), from the search of
 * that model's public ads; null until both are given and the answer is in.
 */
export const useModelProposals: ProposalSource = (brand, model) => {
  const wanted = isBrandCode(brand) && model.trim().length > 0 ? JSON.stringify({ brand, model: model.trim() }) : '';
  const [settled] = useDebouncedValue(wanted, SETTLE_MS);
  const filter = useMemo(() => (settled ? (JSON.parse(settled) as { brand: string; model: string }) : null), [settled]);
  const { data } = useQuery(MODEL_PROFILE, { variables: { filter: filter! }, skip: !filter || settled !== wanted });
  return useMemo(() => {
    const page = data?.searchOpportunities;
    if (!page || !filter || settled !== wanted) return null;
    return {
      model: filter.model,
      proposals: proposalsFrom(
        page.facets,
        page.items.map((item) => item.motorSizeCC),
      ),
    };
  }, [data, filter, settled, wanted]);
};

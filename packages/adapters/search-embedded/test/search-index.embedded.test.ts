import { createEmbeddedSearchIndex } from '@ruedas/search-embedded';
import { runSearchIndexContractTests, type ContractCarAd } from '@ruedas/testing';

runSearchIndexContractTests('search-embedded', async () => ({
  index: createEmbeddedSearchIndex<ContractCarAd>(),
  teardown: async () => {},
}));

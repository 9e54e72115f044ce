import { createEmbeddedSearchIndex } from '@ruedas/search-embedded';
import { runSearchIndexContractTests, type ContractCarAd } from '../src/search-index.contract';

runSearchIndexContractTests('search-embedded', async () => ({
  index: createEmbeddedSearchIndex<ContractCarAd>(),
  teardown: async () => {},
}));

export {
  useQuery,
  useMutation,
  DataHooksProvider,
  type DataHooks,
  type QueryOptions,
  type QueryResult,
  type MutationOptions,
  type MutationState,
} from './hooks';
export { loadClient, loadedClient, forgetAnswers } from './lazy';
export { hasGraphQLErrors, type Answer, type Answers } from './answers';

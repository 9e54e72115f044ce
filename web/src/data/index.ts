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
export { loadClient, loadedClient, whenClientLoaded, forgetAnswers } from './lazy';
export { answerKey, AnswerError, hasGraphQLErrors, type Answer, type Answers } from './answers';

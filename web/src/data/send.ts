import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { GraphQLFormattedError } from 'graphql';
import { isSessionRefused } from './apiError';
import { sessionRefused } from './refused';
import { AnswerError } from './answers';
import { requestHeaders } from './request';

/**
 * Sends one operation whose answer goes to no cache (a mutation with `fetchPolicy: 'no-cache'`:
 * the ad's view, a contact click, a share) without Apollo Client, with the headers and the 0003
 * rule of its link (decision 0136). Only graphql's printer (a few KB) is loaded for it.
 */
export async function sendOperation<TData, TVariables extends OperationVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
): Promise<TData> {
  const { print } = await import('graphql/language/printer');
  const operation = document.definitions.find((definition) => definition.kind === 'OperationDefinition');
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json;q=0.9', ...requestHeaders() },
    body: JSON.stringify({ operationName: operation?.name?.value, query: print(document), variables: variables ?? {} }),
  });
  const body = (await response.json().catch(() => ({}))) as { data?: TData | null; errors?: GraphQLFormattedError[] };
  if (body.errors?.length) {
    const error = new AnswerError(body.errors);
    if (isSessionRefused(error)) sessionRefused();
    throw error;
  }
  if (body.data === undefined || body.data === null) throw new Error(`GraphQL answered ${response.status} without data`);
  return body.data;
}

/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query PartnerSearch($filter: SearchFilterInput!, $page: Int, $pageSize: Int) {\n    searchOpportunities(filter: $filter, page: $page, pageSize: $pageSize) {\n      page\n      pageSize\n      totalItems\n      totalPages\n      items {\n        id\n        brand\n        model\n        year\n        askingPrice {\n          amount\n          currency\n        }\n        lastPublishedAt\n        photos {\n          url\n        }\n        user {\n          fullName\n          email\n        }\n      }\n      facets {\n        key\n        values {\n          value\n          number\n          count\n        }\n      }\n    }\n  }\n": typeof types.PartnerSearchDocument,
    "\n  mutation PartnerLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      token\n      validUntil\n    }\n  }\n": typeof types.PartnerLoginDocument,
    "\n  query PartnerPurchases($firstDay: Date!, $lastDay: Date!) {\n    userPurchases(firstDay: $firstDay, lastDay: $lastDay) {\n      userId\n      opportunities {\n        paid {\n          amount\n          currency\n        }\n      }\n    }\n    dashboard(firstDay: $firstDay, lastDay: $lastDay) {\n      periodData {\n        firstDay\n        lastDay\n        chartSeries {\n          paid {\n            days\n            data\n          }\n        }\n      }\n      generalData {\n        revenue {\n          amount\n          currency\n        }\n      }\n    }\n  }\n": typeof types.PartnerPurchasesDocument,
};
const documents: Documents = {
    "\n  query PartnerSearch($filter: SearchFilterInput!, $page: Int, $pageSize: Int) {\n    searchOpportunities(filter: $filter, page: $page, pageSize: $pageSize) {\n      page\n      pageSize\n      totalItems\n      totalPages\n      items {\n        id\n        brand\n        model\n        year\n        askingPrice {\n          amount\n          currency\n        }\n        lastPublishedAt\n        photos {\n          url\n        }\n        user {\n          fullName\n          email\n        }\n      }\n      facets {\n        key\n        values {\n          value\n          number\n          count\n        }\n      }\n    }\n  }\n": types.PartnerSearchDocument,
    "\n  mutation PartnerLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      token\n      validUntil\n    }\n  }\n": types.PartnerLoginDocument,
    "\n  query PartnerPurchases($firstDay: Date!, $lastDay: Date!) {\n    userPurchases(firstDay: $firstDay, lastDay: $lastDay) {\n      userId\n      opportunities {\n        paid {\n          amount\n          currency\n        }\n      }\n    }\n    dashboard(firstDay: $firstDay, lastDay: $lastDay) {\n      periodData {\n        firstDay\n        lastDay\n        chartSeries {\n          paid {\n            days\n            data\n          }\n        }\n      }\n      generalData {\n        revenue {\n          amount\n          currency\n        }\n      }\n    }\n  }\n": types.PartnerPurchasesDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PartnerSearch($filter: SearchFilterInput!, $page: Int, $pageSize: Int) {\n    searchOpportunities(filter: $filter, page: $page, pageSize: $pageSize) {\n      page\n      pageSize\n      totalItems\n      totalPages\n      items {\n        id\n        brand\n        model\n        year\n        askingPrice {\n          amount\n          currency\n        }\n        lastPublishedAt\n        photos {\n          url\n        }\n        user {\n          fullName\n          email\n        }\n      }\n      facets {\n        key\n        values {\n          value\n          number\n          count\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PartnerSearch($filter: SearchFilterInput!, $page: Int, $pageSize: Int) {\n    searchOpportunities(filter: $filter, page: $page, pageSize: $pageSize) {\n      page\n      pageSize\n      totalItems\n      totalPages\n      items {\n        id\n        brand\n        model\n        year\n        askingPrice {\n          amount\n          currency\n        }\n        lastPublishedAt\n        photos {\n          url\n        }\n        user {\n          fullName\n          email\n        }\n      }\n      facets {\n        key\n        values {\n          value\n          number\n          count\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PartnerLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      token\n      validUntil\n    }\n  }\n"): (typeof documents)["\n  mutation PartnerLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      token\n      validUntil\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PartnerPurchases($firstDay: Date!, $lastDay: Date!) {\n    userPurchases(firstDay: $firstDay, lastDay: $lastDay) {\n      userId\n      opportunities {\n        paid {\n          amount\n          currency\n        }\n      }\n    }\n    dashboard(firstDay: $firstDay, lastDay: $lastDay) {\n      periodData {\n        firstDay\n        lastDay\n        chartSeries {\n          paid {\n            days\n            data\n          }\n        }\n      }\n      generalData {\n        revenue {\n          amount\n          currency\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PartnerPurchases($firstDay: Date!, $lastDay: Date!) {\n    userPurchases(firstDay: $firstDay, lastDay: $lastDay) {\n      userId\n      opportunities {\n        paid {\n          amount\n          currency\n        }\n      }\n    }\n    dashboard(firstDay: $firstDay, lastDay: $lastDay) {\n      periodData {\n        firstDay\n        lastDay\n        chartSeries {\n          paid {\n            days\n            data\n          }\n        }\n      }\n      generalData {\n        revenue {\n          amount\n          currency\n        }\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;
import { readFileSync } from 'node:fs';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLSchema,
} from 'graphql';

/** The published API schema (what clients see, without federation's internals) and its change log. */
export const SCHEMA_DIR = new URL('../schema/', import.meta.url);
export const PUBLISHED_SCHEMA = new URL('supergraph-api.graphql', SCHEMA_DIR);
export const SCHEMA_CHANGELOG = new URL('CHANGELOG.md', SCHEMA_DIR);
/** Breaking changes recorded as intended since the published schema was last updated. */
export const INTENDED_BREAKING_CHANGES = new URL('intended-breaking-changes.json', SCHEMA_DIR);

/**
 * Every schema coordinate without a description: types (but Query and Mutation, which are only
 * containers), fields, arguments, input fields and enum values. Built-in scalars and introspection
 * types are graphql's own.
 */
export function undescribed(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const blank = (text: string | null | undefined) => !text?.trim();
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    const root = type === schema.getQueryType() || type === schema.getMutationType() || type === schema.getSubscriptionType();
    if (!root && blank(type.description)) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (blank(field.description)) missing.push(`${type.name}.${field.name}`);
        for (const arg of field.args) if (blank(arg.description)) missing.push(`${type.name}.${field.name}(${arg.name}:)`);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) if (blank(field.description)) missing.push(`${type.name}.${field.name}`);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) if (blank(value.description)) missing.push(`${type.name}.${value.name}`);
    }
  }
  return missing;
}

/**
 * Enum values that break the convention (UPPER_SNAKE_CASE). A deprecated value is tolerated: it is
 * kept for the clients that send it, beside its upper-case replacement.
 */
export function enumCasingProblems(schema: GraphQLSchema): string[] {
  const problems: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isEnumType(type) || isIntrospectionType(type)) continue;
    for (const value of type.getValues()) {
      if (!/^[A-Z][A-Z0-9_]*$/.test(value.name) && !value.deprecationReason) problems.push(`${type.name}.${value.name}`);
    }
  }
  return problems;
}

/** A breaking change recorded as intended: which change (GraphQL Inspector's type and path) and why. */
export interface IntendedBreakingChange {
  type: string;
  path: string;
  reason: string;
}

export function readIntendedBreakingChanges(file: URL = INTENDED_BREAKING_CHANGES): IntendedBreakingChange[] {
  const list = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(list)) throw new Error(`${file.pathname}: an array of { type, path, reason } is expected`);
  for (const entry of list as IntendedBreakingChange[]) {
    if (typeof entry?.type !== 'string' || typeof entry.path !== 'string' || typeof entry.reason !== 'string' || !entry.reason.trim()) {
      throw new Error(`${file.pathname}: every entry needs a type, a path and a reason (${JSON.stringify(entry)})`);
    }
  }
  return list as IntendedBreakingChange[];
}

export interface SchemaComparison {
  /** Every change from the published schema to the live one (GraphQL Inspector). */
  changes: Change[];
  /** The breaking ones not recorded as intended: each fails the check. */
  unrecorded: Change[];
  /** The breaking ones recorded as intended, with their reasons. */
  intended: Array<{ change: Change; reason: string }>;
}

/** Compares the published schema with the live composed one (both API schema SDL). */
export async function compareSchemas(publishedSdl: string, liveSdl: string, intended: readonly IntendedBreakingChange[]): Promise<SchemaComparison> {
  const changes = await diff(buildSchema(publishedSdl), buildSchema(liveSdl));
  const result: SchemaComparison = { changes, unrecorded: [], intended: [] };
  for (const change of changes) {
    if (change.criticality.level !== CriticalityLevel.Breaking) continue;
    const record = intended.find((entry) => entry.type === change.type && entry.path === change.path);
    if (record) result.intended.push({ change, reason: record.reason });
    else result.unrecorded.push(change);
  }
  return result;
}

/** One line per change, for a failing check or the change log. */
export const describeChange = (change: Change) => `${change.criticality.level} ${change.type} ${change.path ?? ''}: ${change.message}`;
